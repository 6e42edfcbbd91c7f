import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { canSetContactGroup, isEditorRole } from '@expiry-radar/shared/domain/permissions';
import { buttonHeights } from '../../../app/theme/create-app-theme';
import { CONTACT_GROUP_UPGRADE_NOTE } from './contact-group-field';
import { OWNER_HELP } from './owner-field';
import { tokenFieldsGrid } from './token-form-fields';

/** MUI's outlined text field of medium size: a 23 px line with 16.5 px of padding each side. */
const FIELD_HEIGHT = 56;
/** The notes' text area: two lines to start, in the same padding. */
const NOTES_HEIGHT = 2 * 23 + 33;
/** The empty create form's fields before its contact group: category, type, name, expiry, section. */
const FIELDS_BEFORE_CONTACT_GROUP = 5;

/**
 * The empty create form's fields and button as blank space of their size, for the form's first
 * render: the dashboard paints its cards first, and the fields follow a frame later in the same
 * place, so nothing below them moves (`test/e2e/dashboard.e2e.test.ts` measures the shift). The
 * contact group field's hint (free plans) and the owner field with its help (editors) are in it,
 * as the hints wrap at the field's width.
 */
export function CreateTokenFieldsPlaceholder({ workspace }: { workspace: Workspace }) {
  const upgradeNote = !canSetContactGroup(workspace.role, workspace.plan);
  return (
    <Box aria-hidden sx={{ visibility: 'hidden' }}>
      <Box sx={tokenFieldsGrid}>
        {Array.from({ length: FIELDS_BEFORE_CONTACT_GROUP }, (_, index) => (
          <Box key={index} sx={{ height: FIELD_HEIGHT }} />
        ))}
        <Box>
          <Box sx={{ height: FIELD_HEIGHT }} />
          {upgradeNote && <FormHelperText>{CONTACT_GROUP_UPGRADE_NOTE}</FormHelperText>}
        </Box>
        {isEditorRole(workspace.role) && (
          <Box>
            <Box sx={{ height: FIELD_HEIGHT }} />
            <FormHelperText sx={{ mx: '14px' }}>{OWNER_HELP}</FormHelperText>
          </Box>
        )}
        <Box sx={{ gridColumn: '1 / -1', height: NOTES_HEIGHT }} />
      </Box>
      <Box sx={{ mt: 2.5, height: buttonHeights.medium }} />
    </Box>
  );
}
