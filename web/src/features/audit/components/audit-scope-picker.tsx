import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { AuditScope } from '../audit-scope';
import { SCOPE_LABELS } from '../audit-scope';

interface AuditScopePickerProps {
  scopes: readonly AuditScope[];
  value: AuditScope;
  /** The selected workspace's name, shown on its scope. */
  workspaceName: string | undefined;
  onChange: (scope: AuditScope) => void;
}

/** Whose events to show: only the scopes the user may read. */
export function AuditScopePicker({
  scopes,
  value,
  workspaceName,
  onChange,
}: AuditScopePickerProps) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={value}
      aria-label="Audit scope"
      onChange={(_event, next: AuditScope | null) => {
        if (next) onChange(next);
      }}
      sx={{ flexWrap: 'wrap' }}
    >
      {scopes.map((scope) => (
        <ToggleButton key={scope} value={scope} sx={{ textTransform: 'none', px: 2 }}>
          {scope === 'workspace' && workspaceName
            ? `Workspace: ${workspaceName}`
            : SCOPE_LABELS[scope]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
