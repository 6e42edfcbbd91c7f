import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import Select from '@mui/material/Select';
import Tooltip from '@mui/material/Tooltip';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import type { WorkspacePickerState } from './nav-items';
import { workspaceOptionLabels } from '../../features/workspaces';

interface WorkspacePickerProps {
  workspaces: Workspace[];
  selected: Workspace | null;
  state: WorkspacePickerState;
  onSelect: (id: string) => void;
  /** In the drawer the hint is written out under the field. */
  showHintText?: boolean;
}

/**
 * The workspace picker of the top bar and the drawer: a native select in MUI's outlined look.
 * MUI's own Select keeps its display element in state, set as it mounts; that update, in the
 * commit of every signed-in page's first render, is synchronous, so React ran the commit's
 * passive effects (the queries' first calls among them) and a second render before the page
 * could paint (docs/architecture.md, "What the commit pulls in before the paint"). The native
 * list is also the one phones and screen readers know best. A name that repeats in the list says
 * whose workspace it is (`workspaceOptionLabels`).
 */
export function WorkspacePicker({
  workspaces,
  selected,
  state,
  onSelect,
  showHintText = false,
}: WorkspacePickerProps) {
  const id = showHintText ? 'drawer-workspace' : 'top-bar-workspace';
  const labels = workspaceOptionLabels(workspaces);
  const selectedLabel = selected ? labels.get(selected.id) : undefined;
  const field = (
    <FormControl
      size="small"
      sx={{
        width: '100%',
        minWidth: 120,
        maxWidth: 240,
        // Squeezed to its minimum in the top bar, a long label ends in "…", never cut mid-way;
        // the whole label is the field's title.
        '& .MuiNativeSelect-select': {
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          textOverflow: 'ellipsis',
        },
        // Disabled (the free plan's one workspace), the name stays readable in both modes.
        '& .MuiNativeSelect-select.Mui-disabled': {
          color: 'text.secondary',
          WebkitTextFillColor: 'currentColor',
        },
        '& .MuiInputLabel-root.Mui-disabled': { color: 'text.secondary' },
      }}
      disabled={state.disabled}
    >
      <InputLabel htmlFor={id} shrink>
        Workspace
      </InputLabel>
      <Select
        native
        notched
        label="Workspace"
        value={selected?.id ?? ''}
        onChange={(event) => onSelect(event.target.value)}
        inputProps={{
          id,
          title: selectedLabel,
          'aria-describedby': state.hint ? `${id}-hint` : undefined,
        }}
      >
        {selected === null && <option value="" disabled />}
        {workspaces.map((workspace) => (
          <option key={workspace.id} value={workspace.id}>
            {labels.get(workspace.id)}
          </option>
        ))}
      </Select>
      {state.hint && (
        <FormHelperText
          id={`${id}-hint`}
          sx={
            showHintText
              ? undefined
              : {
                  position: 'absolute',
                  width: 1,
                  height: 1,
                  overflow: 'hidden',
                  clip: 'rect(0 0 0 0)',
                  m: 0,
                }
          }
        >
          {state.hint}
        </FormHelperText>
      )}
    </FormControl>
  );
  if (!state.hint || showHintText) return field;
  return (
    <Tooltip title={state.hint}>
      <span>{field}</span>
    </Tooltip>
  );
}
