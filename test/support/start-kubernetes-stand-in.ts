/**
 * `npm run kubernetes:stand-in`: the Kubernetes API stand-in (kubernetes-stand-in.ts) with a few
 * TLS secrets and a cert-manager Certificate of freshly made certificates, and a kubeconfig for
 * it, to try `expiry-radar scan kubernetes` by hand. Runs until stopped (Ctrl+C).
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeSelfSignedCertificate } from '../../functions/test-support/certificates';
import { startKubernetesStandIn } from './kubernetes-stand-in';

const DAY_MS = 86_400_000;

async function main(): Promise<void> {
  const standIn = await startKubernetesStandIn();
  const made = (commonName: string, days: number) =>
    makeSelfSignedCertificate({ commonName, altNames: `DNS:${commonName}`, days });
  for (const [namespace, name, commonName, days] of [
    ['web', 'www-tls', 'www.example.com', 12],
    ['web', 'api-tls', 'api.example.com', 45],
    ['payments', 'gateway-tls', 'pay.example.com', 200],
  ] as const) {
    const certificate = made(commonName, days);
    standIn.secrets.push({
      namespace,
      name,
      certificatePem: certificate.pem,
      keyPem: certificate.keyPem,
    });
  }
  const shop = made('shop.example.com', 80);
  standIn.secrets.push({
    namespace: 'shop',
    name: 'shop-tls',
    certificatePem: shop.pem,
    keyPem: shop.keyPem,
    annotations: { 'cert-manager.io/certificate-name': 'shop' },
  });
  const notAfter = new Date(Date.now() + 80 * DAY_MS);
  standIn.certificates.push({
    namespace: 'shop',
    name: 'shop',
    secretName: 'shop-tls',
    dnsNames: ['shop.example.com'],
    notAfter: notAfter.toISOString(),
    renewalTime: new Date(notAfter.getTime() - 30 * DAY_MS).toISOString(),
  });
  const kubeconfig = process.argv[2] ?? join(tmpdir(), 'expiry-radar-stand-in.kubeconfig');
  writeFileSync(kubeconfig, standIn.kubeconfig('stand-in'), { mode: 0o600 });
  process.stdout.write(
    `Kubernetes API stand-in at ${standIn.url}\nkubeconfig: ${kubeconfig}\n` +
      `Try: npx expiry-radar scan kubernetes --kubeconfig ${kubeconfig}\n`,
  );
  const stop = () => void standIn.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
