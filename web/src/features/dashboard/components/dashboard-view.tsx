import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { ParsedCertificate } from '@expiry-radar/shared/api/certificate-api-schemas';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import type { Category } from '@expiry-radar/shared/domain/categories';
import { CATEGORY_LIST, isCategory } from '@expiry-radar/shared/domain/categories';
import {
  canCreateToken,
  canEditToken,
  canSetContactGroup,
} from '@expiry-radar/shared/domain/permissions';
import { SECTION_FILTER_ALL } from '@expiry-radar/shared/domain/section-filter';
import type { Token } from '@expiry-radar/shared/domain/token';
import { lazyNamed } from '../../../components/lazy-named';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes';
import { Spinner } from '../../../components/spinner';
import { categorySearchParam, paths, queryParams } from '../../../lib/paths';
import {
  ImportDialog,
  ImportTokensButton,
  certificateSource,
  type ImportSource,
} from '../../token-import';
import {
  contactGroupsQueryOptions,
  tokenSummaryQueryOptions,
  useTokensUpdatedReload,
} from '../../tokens';
import { isOwnWorkspace, ownedWorkspacesLine } from '../../workspaces';
import { useChipCounts } from '../hooks/use-chip-counts';
import { useDashboardPerformance } from '../hooks/use-dashboard-performance';
import { useDashboardPrefetch } from '../hooks/use-dashboard-prefetch';
import { useDialogEntry } from '../hooks/use-dialog-entry';
import { useTokenDetails } from '../hooks/use-token-details';
import { firstPageQueryOptions } from '../first-page-query';
import { firstRenderRowsOfCards } from '../first-screen-rows';
import { sectionChips } from '../section-chips';
import { sectionFilterFrom } from '../section-filter-param';
import { CategoryCard, categorySearchInputId } from './category-card';
import { CategoryFilterChips } from './category-filter-chips';
import { CreateTokenForm } from './create-token-form';
import { ExportTokensButton } from './export-tokens-button';
import { SectionFilterChips } from './section-filter-chips';

// The token dialogs' code is not part of the page's first render: it loads once the page has
// rendered and the browser is idle (useTokenDialogsAhead), or as one first opens.
export const ASSIGNED_TO_ME = 'Assigned to me';
/** The create form's draft belongs to its workspace: choosing another one leaves it. */
const DRAFT_LEAVING_PARAMS = [queryParams.workspace] as const;
const ASSIGNED_TO_ME_VALUE = 'me';

const loadTokenDialog = () => import('./token-dialog');
const loadRenewTokenDialog = () => import('./renew-token-dialog');
const loadDeleteTokenDialog = () => import('./delete-token-dialog');
const TokenDialog = lazyNamed(loadTokenDialog, 'TokenDialog');
const RenewTokenDialog = lazyNamed(loadRenewTokenDialog, 'RenewTokenDialog');
const DeleteTokenDialog = lazyNamed(loadDeleteTokenDialog, 'DeleteTokenDialog');

/** Loads the token dialogs' code once the page has rendered, when the browser is idle. */
function useTokenDialogsAhead(): void {
  useEffect(() => {
    const load = () => {
      void loadTokenDialog();
      void loadRenewTokenDialog();
      void loadDeleteTokenDialog();
    };
    if (typeof window.requestIdleCallback === 'function') {
      const request = window.requestIdleCallback(load, { timeout: 2_000 });
      return () => window.cancelIdleCallback(request);
    }
    const timer = setTimeout(load, 1_000);
    return () => clearTimeout(timer);
  }, []);
}

/**
 * The rows each visible card's first render shows (first-screen-rows.ts), from the first pages
 * the query cache holds as the cards mount (the page's first reads have filled it).
 */
function useFirstRenderRows(
  workspaceId: string,
  section: string,
  categories: readonly Category[],
): Partial<Record<Category, number>> {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const firstPageLengths = categories.map(
      (category) =>
        queryClient.getQueryData(firstPageQueryOptions(workspaceId, category, section).queryKey)
          ?.pages[0]?.items.length ?? 0,
    );
    const rows = firstRenderRowsOfCards(firstPageLengths, window.innerHeight);
    return Object.fromEntries(categories.map((category, index) => [category, rows[index]]));
  }, [queryClient, workspaceId, section, categories]);
}

export const EMPTY_WORKSPACE_EDITOR = 'No tokens found. Create your first token above.';
export const EMPTY_WORKSPACE_VIEWER = 'No tokens in this workspace.';

type OpenDialog = { kind: 'renew' | 'delete'; token: Token };

interface DashboardViewProps {
  workspace: Workspace;
  userEmail: string | null;
}

/** The token dashboard of one workspace: form, filters and a card per category. */
export function DashboardView({ workspace, userEmail }: DashboardViewProps) {
  const [search, setSearch] = useSearchParams();
  const [now] = useState(() => new Date());
  const categoryParam = search.get(queryParams.category);
  const category = categoryParam && isCategory(categoryParam) ? categoryParam : null;
  const { value: dialog, open: openDialog, close: closeDialog } = useDialogEntry<OpenDialog>();
  const details = useTokenDetails(workspace.id);
  const { open: openDetails, update: updateDetails } = details;
  const [certificateImport, setCertificateImport] = useState<ImportSource | null>(null);
  useTokenDialogsAhead();
  const section = sectionFilterFrom(search.get(queryParams.section));
  const assignedToMe = search.get(queryParams.assigned) === ASSIGNED_TO_ME_VALUE;
  const canCreate = canCreateToken(workspace.role);
  const canEdit = canEditToken(workspace.role);
  const visible = useMemo(
    () => CATEGORY_LIST.filter((definition) => category === null || definition.value === category),
    [category],
  );
  const visibleValues = useMemo(() => visible.map((definition) => definition.value), [visible]);
  const firstRenderRows = useFirstRenderRows(workspace.id, section, visibleValues);
  // Before the summary's useQuery (which would create the query, so nothing to prefetch).
  useDashboardPrefetch(workspace.id, section, visibleValues);
  const summary = useQuery(tokenSummaryQueryOptions(workspace.id));
  const contactGroups = useQuery({
    ...contactGroupsQueryOptions(workspace.id),
    enabled: canSetContactGroup(workspace.role, workspace.plan),
  });
  useTokensUpdatedReload(workspace.id);

  const { onFirstPage, markChipStart } = useDashboardPerformance(
    visibleValues,
    category ?? '',
    summary.data !== undefined,
  );

  const setSection = useCallback(
    (value: string) => {
      setSearch((current) => {
        const next = new URLSearchParams(current);
        if (value === SECTION_FILTER_ALL) next.delete(queryParams.section);
        else next.set(queryParams.section, value);
        return next;
      });
    },
    [setSearch],
  );

  const toggleAssignedToMe = useCallback(() => {
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (next.get(queryParams.assigned) === ASSIGNED_TO_ME_VALUE)
        next.delete(queryParams.assigned);
      else next.set(queryParams.assigned, ASSIGNED_TO_ME_VALUE);
      return next;
    });
  }, [setSearch]);

  // The token mutations have updated the lists; the page follows the saved token.
  const onTokenSaved = useCallback(
    (saved: Token, previous: Token) => {
      if ((saved.section ?? null) !== (previous.section ?? null)) setSection(SECTION_FILTER_ALL);
      updateDetails(saved);
      closeDialog();
    },
    [setSection, updateDetails, closeDialog],
  );

  const actions = useMemo(
    () => ({
      onDetails: openDetails,
      onRenew: (token: Token) => openDialog({ kind: 'renew', token }),
      onDelete: (token: Token) => openDialog({ kind: 'delete', token }),
    }),
    [openDetails, openDialog],
  );

  // The chips count what the cards show, under every filter but the chip's own.
  const { counts: chipCounts, reportCounts } = useChipCounts({
    workspaceId: workspace.id,
    section,
    assignedToMe,
    shown: visibleValues,
    unfiltered: summary.data?.facets,
  });
  const chips = useMemo(() => {
    if (!chipCounts) return [];
    const list = sectionChips(chipCounts.section);
    // A section from the URL that has no tokens (any more) stays visible, so it can be cleared.
    return list.some((chip) => chip.value === section)
      ? list
      : [...list, { value: section, label: section, count: 0 }];
  }, [chipCounts, section]);

  const toggleCategory = useCallback(
    (value: Category) => {
      markChipStart();
      setSearch((current) => {
        const next = new URLSearchParams(current);
        if (current.get(queryParams.category) === value) next.delete(queryParams.category);
        else next.set(queryParams.category, value);
        return next;
      });
    },
    [markChipStart, setSearch],
  );

  // Each card's search, in the URL as it settles (replacing the entry: typing is not history).
  const searchCategory = useCallback(
    (value: Category, text: string) => {
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          if (text) next.set(categorySearchParam(value), text);
          else next.delete(categorySearchParam(value));
          return next;
        },
        { replace: true },
      );
    },
    [setSearch],
  );

  const selectSection = useCallback(
    (value: string) => setSection(value === section ? SECTION_FILTER_ALL : value),
    [setSection, section],
  );

  // After a delete the dialog's opener (the row's Delete button) is gone: the focus goes to the
  // card's search box instead of falling back to the page, once the dialog has let go of it.
  const focusAfterDelete = useRef<Category | null>(null);
  const onTokenDeleted = useCallback(
    (token: Token) => {
      focusAfterDelete.current = token.category;
      closeDialog();
    },
    [closeDialog],
  );
  useEffect(() => {
    const category = focusAfterDelete.current;
    if (!category || dialog) return;
    focusAfterDelete.current = null;
    document.getElementById(categorySearchInputId(category))?.focus();
  }, [dialog]);
  // The same props on every render of the view: the (memoized) create form renders once, not
  // again with each answer, chip or dialog.
  const formActions = useMemo(
    () => (
      <>
        <ImportTokensButton workspaceId={workspace.id} />
        <ExportTokensButton workspaceId={workspace.id} />
      </>
    ),
    [workspace.id],
  );
  const importCertificates = useCallback(
    (certificates: readonly ParsedCertificate[]) =>
      setCertificateImport(certificateSource(certificates)),
    [],
  );
  const empty = summary.data?.total === 0;
  // A draft in the create form outlives the filters and dialogs, not another page or workspace.
  const [draftUnsaved, setDraftUnsaved] = useState(false);

  return (
    <>
      {draftUnsaved && <UnsavedChangesGuard when leavingParams={DRAFT_LEAVING_PARAMS} />}
      {details.linkMissing && (
        <Alert severity="info" sx={{ mb: 2 }}>
          The token this link opens is not in this workspace (it may have been deleted).
        </Alert>
      )}
      {canCreate ? (
        <CreateTokenForm
          key={workspace.id}
          workspace={workspace}
          userEmail={userEmail}
          actions={formActions}
          onImportCertificates={importCertificates}
          empty={empty}
          onUnsavedChange={setDraftUnsaved}
        />
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <ExportTokensButton workspaceId={workspace.id} />
        </Box>
      )}
      {summary.isPending ? (
        <Spinner minHeight={200} />
      ) : empty ? (
        <Typography
          role="status"
          color="textSecondary"
          sx={{ py: 6, textAlign: 'center', fontSize: '1.125rem' }}
        >
          {canCreate ? EMPTY_WORKSPACE_EDITOR : EMPTY_WORKSPACE_VIEWER}
        </Typography>
      ) : (
        <>
          {summary.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              The token counts could not be loaded.
            </Alert>
          )}
          <Stack spacing={1.5} sx={{ mb: 3 }} component="nav" aria-label="Token filters">
            <CategoryFilterChips
              counts={chipCounts?.category ?? {}}
              selected={category}
              onToggle={toggleCategory}
            />
            <SectionFilterChips chips={chips} selected={section} onSelect={selectSection} />
            <Box role="group" aria-label="Filter by owner" sx={{ display: 'flex', gap: 1 }}>
              <Chip
                label={ASSIGNED_TO_ME}
                clickable
                size="small"
                color={assignedToMe ? 'primary' : 'default'}
                variant={assignedToMe ? 'filled' : 'outlined'}
                aria-pressed={assignedToMe}
                onClick={toggleAssignedToMe}
              />
            </Box>
          </Stack>
          <Stack spacing={3}>
            {visible.map((definition) => (
              <CategoryCard
                key={definition.value}
                definition={definition}
                workspaceId={workspace.id}
                section={section}
                assignedToMe={assignedToMe}
                canEdit={canEdit}
                now={now}
                onFirstPage={onFirstPage}
                firstRenderRows={firstRenderRows[definition.value]}
                initialSearch={search.get(categorySearchParam(definition.value)) ?? ''}
                onSearch={searchCategory}
                onCounts={reportCounts}
                {...actions}
              />
            ))}
          </Stack>
        </>
      )}
      <Suspense fallback={null}>
        {details.token && (
          <TokenDialog
            key={details.token.id}
            token={details.token}
            workspace={workspace}
            userEmail={userEmail}
            canEdit={canEdit}
            contactGroups={contactGroups.data}
            now={now}
            onClose={details.close}
            onSaved={onTokenSaved}
          />
        )}
        {dialog?.kind === 'renew' && (
          <RenewTokenDialog
            token={dialog.token}
            now={now}
            onClose={closeDialog}
            onRenewed={onTokenSaved}
          />
        )}
        {certificateImport && (
          <ImportDialog
            workspaceId={workspace.id}
            initialSource={certificateImport}
            onClose={() => setCertificateImport(null)}
          />
        )}
        {dialog?.kind === 'delete' && (
          <DeleteTokenDialog
            token={dialog.token}
            onClose={closeDialog}
            onDeleted={onTokenDeleted}
          />
        )}
      </Suspense>
    </>
  );
}

/**
 * Shown when the user has no workspace to show: none yet, or every one frozen. Creating one is
 * offered only while the plan allows another owned workspace (frozen ones count).
 */
export function NoWorkspace({
  workspaces,
  plan,
}: {
  workspaces: readonly Workspace[];
  plan: string | undefined;
}) {
  const ownFrozen = workspaces.some(
    (workspace) => workspace.is_frozen && isOwnWorkspace(workspace),
  );
  const mayCreate = !ownedWorkspacesLine(plan, workspaces)?.limitReason;
  const createLink = (
    <Link component={RouterLink} to={paths.workspaces} color="inherit">
      Open Workspaces
    </Link>
  );
  if (!ownFrozen) {
    return (
      <Box sx={{ py: 4 }}>
        <Alert severity="info">No workspace is available. {createLink} to create one.</Alert>
      </Box>
    );
  }
  return (
    <Box sx={{ py: 4 }}>
      <Alert severity="warning">
        No workspace is available: yours are frozen, because they hold more than your plan allows.{' '}
        <Link component={RouterLink} to={paths.billing} color="inherit">
          Upgrade your plan
        </Link>{' '}
        to unfreeze them{mayCreate ? <>, or {createLink} to create another</> : null}.
      </Alert>
    </Box>
  );
}
