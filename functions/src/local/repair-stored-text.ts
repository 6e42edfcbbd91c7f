/**
 * `npm run repair:stored-text`: lists the table's items whose text holds a lone UTF-16 surrogate
 * or a control character (stored before the text rules) and how they would be cleaned;
 * `npm run repair:stored-text -- --apply` cleans them (`--workspace <id>`: only that workspace's). It reads the table its environment names
 * (TABLE_NAME, and DYNAMODB_ENDPOINT for DynamoDB Local), as the handlers do; see docs/deploy.md.
 */
import { repairStoredText } from '../services/maintenance/stored-text-repair';

async function main(): Promise<void> {
  const apply = process.argv.includes('--apply');
  const workspace = process.argv[process.argv.indexOf('--workspace') + 1];
  const repairs = await repairStoredText({
    apply,
    ...(process.argv.includes('--workspace') && workspace ? { pkPrefix: `WS#${workspace}` } : {}),
    onRepair: (repair) =>
      console.log(`${repair.outcome}: ${repair.pk} ${repair.sk} (${repair.fields.join(', ')})`),
  });
  console.log(
    `${repairs.length} item(s) ${apply ? 'repaired or listed' : 'to repair (dry run; --apply writes)'}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
