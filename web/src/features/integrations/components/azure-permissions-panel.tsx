import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CodeBlock } from './aws-role-panel';

/** Microsoft Graph's application id and its Application.Read.All application role. */
const GRAPH_APP_ID = '00000003-0000-0000-c000-000000000000';
const APPLICATION_READ_ALL = '9a5d68dd-52b0-4cc2-bd40-abcf44ac3a30';

/** The Azure CLI script making a read-only app registration for discovery, with its grants. */
export const AZURE_SETUP_SCRIPT = `# A read-only app registration for Expiry Radar (Azure CLI, signed in as an admin)
APP_ID=$(az ad app create --display-name "Expiry Radar discovery" --query appId -o tsv)
az ad sp create --id "$APP_ID"

# Microsoft Graph: Application.Read.All (an application permission), with admin consent
az ad app permission add --id "$APP_ID" \\
  --api ${GRAPH_APP_ID} \\
  --api-permissions ${APPLICATION_READ_ALL}=Role
az ad app permission admin-consent --id "$APP_ID"

# Key Vault: the metadata of certificates, secrets and keys, never their values
SUBSCRIPTION="<subscription id>"
az role assignment create --assignee "$APP_ID" --role "Key Vault Reader" \\
  --scope "/subscriptions/$SUBSCRIPTION"
# Only to list the subscription's vaults (when you give subscriptions, not vault URLs)
az role assignment create --assignee "$APP_ID" --role "Reader" \\
  --scope "/subscriptions/$SUBSCRIPTION"
# A vault on access policies instead of Azure RBAC:
# az keyvault set-policy --name "<vault>" --spn "$APP_ID" \\
#   --certificate-permissions list --secret-permissions list --key-permissions list

# The tenant id, client id and client secret to paste here
az ad app credential reset --id "$APP_ID" --display-name expiry-radar --years 1 \\
  --query "{tenant_id: tenant, client_id: appId, client_secret: password}"
# Or a certificate instead of the secret: Azure CLI writes it with its private key to a PEM file
# whose whole text is pasted here (Sign in with: Certificate)
# az ad app credential reset --id "$APP_ID" --create-cert --years 1 \\
#   --query "{tenant_id: tenant, client_id: appId, certificate_file: fileWithCertAndPrivateKey}"
`;

/** "Least privileges in Azure": what to grant the app registration, and a script that does it. */
export function AzurePermissionsPanel() {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="azure-permissions-title"
      sx={{ p: 2 }}
    >
      <Stack spacing={1.5}>
        <Typography id="azure-permissions-title" variant="h3" sx={{ fontSize: '1rem' }}>
          Least privileges in Azure
        </Typography>
        <Typography variant="body2" color="textSecondary">
          Expiry Radar signs in as an app registration of your tenant with a client secret or a
          certificate and only reads: Microsoft Graph&apos;s Application.Read.All (application
          permission, admin consent) for app registrations&apos; client secrets and certificates,
          and the Key Vault Reader role on the vaults (metadata of certificates, secrets and keys;
          never a value), with Reader on a subscription only to list its vaults. The script makes
          such an app registration and prints the tenant id, client id and client secret (or the
          certificate&apos;s file) to paste below.
        </Typography>
        <CodeBlock
          id="azure-setup-script"
          title="Azure CLI script"
          text={AZURE_SETUP_SCRIPT}
          fileName="expiry-radar-azure-setup.sh"
          mediaType="text/x-shellscript"
        />
      </Stack>
    </Paper>
  );
}
