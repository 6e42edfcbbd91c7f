import { memo } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { UseFormReturn } from 'react-hook-form';
import { Controller, useWatch } from 'react-hook-form';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import type { Category, TokenType } from '@expiry-radar/shared/domain/categories';
import {
  CATEGORY_DEFINITIONS,
  CATEGORY_LIST,
  TYPE_LABELS,
  allowsCryptoFields,
  isCategory,
} from '@expiry-radar/shared/domain/categories';
import {
  COST_RANGE,
  EDIT_KEY_SIZE_RANGE,
  KEY_SIZE_RANGE,
} from '@expiry-radar/shared/domain/token-form-ranges';
import {
  CATEGORY_FIELD_NAMES,
  CATEGORY_FIELD_SPECS,
  visibleCategoryFields,
} from '../token-form-values';
import type { TokenFormValues } from '../token-form-values';
import { useSectionNames } from '../hooks/use-section-names';
import { ContactGroupField } from './contact-group-field';
import { OwnerField } from './owner-field';
import { AdditionalContactGroupsField, RenewsAutomaticallyFields } from './token-alert-fields';
import { EndpointsField } from './endpoints-field';
import { FormTextField } from './form-text-field';

interface TokenFormFieldsProps {
  // The resolver's output type differs between the create and the edit form.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<TokenFormValues, unknown, any>;
  mode: 'create' | 'edit';
  workspace: Workspace;
  userEmail: string | null;
  idPrefix: string;
  /** Create form: the category or type changed (the expiry suggestion follows). */
  onKindChange?: (category: Category, type: TokenType | '') => void;
  /** Create form: the user picked an expiry by hand. */
  onExpiryEdited?: () => void;
}

/** The fields' grid: one column on phones, two on small screens, three from medium ones. */
export const tokenFieldsGrid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: '1fr',
    sm: 'repeat(2, minmax(0, 1fr))',
    md: 'repeat(3, minmax(0, 1fr))',
  },
} as const;

/**
 * The fields of a token in the order of the create form: category, then a type of that
 * category, then name, expiry, section, contact group and that category's own fields, then notes.
 * In edit mode category and type are shown but cannot be changed. Memoized: each field follows
 * the form's state on its own (its Controller), so the form's re-renders need not render them.
 */
export const TokenFormFields = memo(function TokenFormFields({
  form,
  mode,
  workspace,
  userEmail,
  idPrefix,
  onKindChange,
  onExpiryEdited,
}: TokenFormFieldsProps) {
  const { control, setValue, getValues } = form;
  const sectionNames = useSectionNames(workspace.id);
  const [category, type] = useWatch({ control, name: ['category', 'type'] });
  const fields = visibleCategoryFields(category, type);
  const editing = mode === 'edit';

  const clearCategoryFields = (keepCrypto: boolean) => {
    for (const field of CATEGORY_FIELD_NAMES) {
      if (keepCrypto && field !== 'algorithm' && field !== 'key_size') continue;
      if (getValues(field) !== '') setValue(field, '');
    }
  };

  return (
    <Box sx={tokenFieldsGrid}>
      {editing ? (
        <>
          <TextField
            id={`${idPrefix}-category`}
            label="Category"
            value={isCategory(category) ? CATEGORY_DEFINITIONS[category].label : ''}
            disabled
            fullWidth
            helperText="Cannot be changed"
          />
          <TextField
            id={`${idPrefix}-type`}
            label="Type"
            value={type === '' ? '' : TYPE_LABELS[type]}
            disabled
            fullWidth
            helperText="Cannot be changed"
          />
        </>
      ) : (
        <>
          <Controller
            control={control}
            name="category"
            render={({ field, fieldState }) => (
              <TextField
                select
                id={`${idPrefix}-category`}
                label="Category"
                required
                fullWidth
                value={field.value}
                onChange={(event) => {
                  const next = event.target.value as Category;
                  field.onChange(next);
                  setValue('type', '');
                  clearCategoryFields(false);
                  onKindChange?.(next, '');
                }}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              >
                {CATEGORY_LIST.map((definition) => (
                  <MenuItem key={definition.value} value={definition.value}>
                    {definition.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="type"
            render={({ field, fieldState }) => (
              <TextField
                select
                id={`${idPrefix}-type`}
                label="Type"
                required
                fullWidth
                disabled={!isCategory(category)}
                value={field.value}
                onChange={(event) => {
                  const next = event.target.value as TokenType;
                  field.onChange(next);
                  if (!allowsCryptoFields(next)) clearCategoryFields(true);
                  if (isCategory(category)) onKindChange?.(category, next);
                }}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              >
                {(isCategory(category) ? CATEGORY_DEFINITIONS[category].types : []).map(
                  (option) => (
                    <MenuItem key={option.value} value={option.value}>
                      {option.label}
                    </MenuItem>
                  ),
                )}
              </TextField>
            )}
          />
        </>
      )}
      <FormTextField control={control} name="name" label="Name" idPrefix={idPrefix} required />
      <FormTextField
        control={control}
        name="expiresAt"
        label="Expiration Date"
        kind="date"
        idPrefix={idPrefix}
        required
        onUserChange={onExpiryEdited}
      />
      <FormTextField
        control={control}
        name="section"
        label="Section"
        idPrefix={idPrefix}
        suggestions={sectionNames}
      />
      <ContactGroupField
        control={control}
        workspace={workspace}
        userEmail={userEmail}
        idPrefix={idPrefix}
      />
      <OwnerField control={control} workspace={workspace} idPrefix={idPrefix} />
      {/* After the kind is chosen, so the empty form keeps its placeholder's size. */}
      {category !== '' && (
        <>
          <AdditionalContactGroupsField
            control={control}
            workspace={workspace}
            idPrefix={idPrefix}
          />
          <RenewsAutomaticallyFields control={control} workspace={workspace} idPrefix={idPrefix} />
        </>
      )}
      {fields.map((field) => {
        const spec = CATEGORY_FIELD_SPECS[field];
        const range =
          field === 'cost'
            ? COST_RANGE
            : field === 'key_size'
              ? editing
                ? EDIT_KEY_SIZE_RANGE
                : KEY_SIZE_RANGE
              : undefined;
        return (
          <FormTextField
            key={field}
            control={control}
            name={field}
            label={spec.label}
            kind={spec.kind}
            range={range}
            helperText={spec.helper}
            idPrefix={idPrefix}
            fullRow={spec.kind === 'multiline'}
          />
        );
      })}
      {type === 'domain_registration' && (
        <FormTextField
          control={control}
          name="registration_domain"
          label="Domain to follow"
          idPrefix={idPrefix}
          helperText="The registered domain, e.g. example.com: its registry's expiry, registrar and status are read daily (RDAP)"
        />
      )}
      {category === 'cert' && (
        <EndpointsField
          form={form}
          workspaceId={workspace.id}
          idPrefix={idPrefix}
          mode={mode}
          onFilled={onExpiryEdited}
        />
      )}
      <FormTextField
        control={control}
        name="notes"
        label="Notes"
        kind="multiline"
        idPrefix={idPrefix}
        fullRow
      />
    </Box>
  );
});
