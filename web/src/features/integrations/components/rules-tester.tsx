import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { SyncReport } from '@expiry-radar/shared/api/integration-api-schemas';
import { compileRules, rulePatternProblem } from '@expiry-radar/shared/domain/integration-rules';
import { patternsOf } from '../integration-form';

type FoundItem = SyncReport['found'][number];

const SHOWN_NAMES = 5;

/** "a, b, c and 4 more". */
function namesText(items: readonly FoundItem[]): string {
  const names = items.slice(0, SHOWN_NAMES).map((item) => item.name);
  const more = items.length - names.length;
  return more > 0 ? `${names.join(', ')} and ${more} more` : names.join(', ');
}

interface PatternLine {
  readonly kind: 'Include' | 'Exclude';
  readonly pattern: string;
  readonly problem: string | null;
  readonly matched: readonly FoundItem[];
}

/** What each typed pattern matches among `items`, and what the rules as a whole keep. */
export function testRules(include: string, exclude: string, items: readonly FoundItem[]) {
  const includePatterns = patternsOf(include);
  const excludePatterns = patternsOf(exclude);
  const verdict = compileRules({ include: includePatterns, exclude: excludePatterns });
  const verdicts = items.map((item) => ({ item, verdict: verdict(item) }));
  const line = (kind: PatternLine['kind'], pattern: string): PatternLine => {
    const problem = rulePatternProblem(pattern);
    const matched =
      problem === null
        ? verdicts
            .filter(({ verdict: v }) =>
              (kind === 'Include' ? v.includedBy : v.excludedBy).includes(pattern),
            )
            .map(({ item }) => item)
        : [];
    return { kind, pattern, problem, matched };
  };
  return {
    lines: [
      ...includePatterns.map((pattern) => line('Include', pattern)),
      ...excludePatterns.map((pattern) => line('Exclude', pattern)),
    ],
    kept: verdicts.filter(({ verdict: v }) => v.kept).map(({ item }) => item),
    dropped: verdicts.filter(({ verdict: v }) => !v.kept).map(({ item }) => item),
  };
}

interface RulesTesterProps {
  include: string;
  exclude: string;
  /** The last preview's report (its `found` items), if any. */
  report: SyncReport | undefined;
  /** Runs a preview for its items (an integration already saved); absent for a new one. */
  onLoad?: () => void;
  loading: boolean;
  loadFailure: string | null;
}

/** The include and exclude patterns tested as they are typed against the last preview's items. */
export function RulesTester({
  include,
  exclude,
  report,
  onLoad,
  loading,
  loadFailure,
}: RulesTesterProps) {
  const items = report?.found;
  const tested = useMemo(
    () => (items ? testRules(include, exclude, items) : null),
    [include, exclude, items],
  );
  if (!items || !tested) {
    return (
      <Box aria-live="polite">
        <Typography variant="body2" color="textSecondary">
          {onLoad
            ? 'Test the rules against what this integration finds: load the items of a preview (nothing is written).'
            : 'Once the integration is saved, its preview shows what it finds; edit it then to test rules against those items.'}
        </Typography>
        {onLoad && (
          <Button
            size="small"
            variant="outlined"
            sx={{ mt: 1 }}
            disabled={loading}
            onClick={onLoad}
          >
            {loading ? 'Loading…' : 'Load items from a preview'}
          </Button>
        )}
        {loadFailure && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {loadFailure}
          </Alert>
        )}
      </Box>
    );
  }
  return (
    <Box component="section" aria-label="Rules tested against the last preview" aria-live="polite">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Tested against the last preview: {tested.kept.length} of {items.length}{' '}
        {items.length === 1 ? 'item' : 'items'} kept.
      </Typography>
      {report.partial && (
        <Typography variant="body2" color="textSecondary">
          {report.partial.message}
        </Typography>
      )}
      {tested.lines.length > 0 && (
        <List dense aria-label="What each rule matches">
          {tested.lines.map((line) => (
            <ListItem key={`${line.kind}:${line.pattern}`} disableGutters>
              <ListItemText
                primary={`${line.kind} ${line.pattern}: ${
                  line.problem ?? `matches ${line.matched.length}`
                }`}
                secondary={line.problem ? undefined : namesText(line.matched) || 'no item'}
                slotProps={{
                  primary: {
                    color: line.problem ? 'error' : undefined,
                    sx: { overflowWrap: 'anywhere' },
                  },
                }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {tested.dropped.length > 0 && (
        <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
          Dropped: {namesText(tested.dropped)}.
        </Typography>
      )}
    </Box>
  );
}
