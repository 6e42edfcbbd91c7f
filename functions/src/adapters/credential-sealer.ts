/**
 * The credential sealer (domain/credential-sealing.ts) in use: in AWS, data keys come from the
 * KMS key named by INTEGRATION_CREDENTIALS_KMS_KEY_ID (GenerateDataKey and Decrypt with the
 * workspace and integration ids as encryption context, so CloudTrail shows which integration a
 * decryption was for and a key copied elsewhere does not open); locally, they are wrapped with
 * AES-256-GCM under a key derived from INTEGRATION_CREDENTIALS_KEY. Without either, integrations
 * that hold credentials cannot be saved, and the error says so.
 */
import { hkdfSync, randomBytes } from 'node:crypto';
import {
  contextBytes,
  DATA_KEY_BYTES,
  decryptWithKey,
  encryptWithKey,
  parseEnvelope,
  sealEnvelope,
  type CredentialSealer,
  type SealingContext,
} from '../domain/credential-sealing';
import { getKmsClient, loadKms } from '../platform/aws-clients';
import { getConfig } from '../platform/config';

const HKDF_INFO = 'expiry-radar integration credentials v1';
/** A wrapped local data key: nonce, ciphertext and tag, 12 + 32 + 16 bytes. */
const LOCAL_WRAPPED_BYTES = 12 + DATA_KEY_BYTES + 16;

function localKeyEncryptionKey(material: string): Buffer {
  return Buffer.from(hkdfSync('sha256', material, '', HKDF_INFO, 32));
}

function encryptionContext(context: SealingContext): Record<string, string> {
  return { workspaceId: context.workspaceId, integrationId: context.integrationId };
}

export function localCredentialSealer(keyMaterial: string): CredentialSealer {
  const keyEncryptionKey = localKeyEncryptionKey(keyMaterial);
  const sealLocally = (plaintext: string, context: SealingContext): string => {
    const dataKey = randomBytes(DATA_KEY_BYTES);
    const wrapped = encryptWithKey(dataKey, keyEncryptionKey, contextBytes(context));
    return sealEnvelope(plaintext, context, {
      plaintext: dataKey,
      wrapped: Buffer.concat([wrapped.nonce, wrapped.ciphertext, wrapped.tag]),
      wrapping: 'local',
    });
  };
  const openLocally = (text: string, context: SealingContext): string => {
    const envelope = parseEnvelope(text);
    if (envelope.wrapping !== 'local' || envelope.wrappedKey.length !== LOCAL_WRAPPED_BYTES) {
      throw new Error('These credentials were sealed with another key');
    }
    const dataKey = decryptWithKey(
      {
        nonce: envelope.wrappedKey.subarray(0, 12),
        ciphertext: envelope.wrappedKey.subarray(12, 12 + DATA_KEY_BYTES),
        tag: envelope.wrappedKey.subarray(12 + DATA_KEY_BYTES),
      },
      keyEncryptionKey,
      contextBytes(context),
    );
    return decryptWithKey(envelope, dataKey, contextBytes(context)).toString('utf8');
  };
  return {
    seal: (plaintext, context) => Promise.resolve().then(() => sealLocally(plaintext, context)),
    open: (text, context) => Promise.resolve().then(() => openLocally(text, context)),
  };
}

export function kmsCredentialSealer(keyId: string): CredentialSealer {
  return {
    async seal(plaintext, context) {
      const { GenerateDataKeyCommand } = loadKms();
      const answer = await getKmsClient().send(
        new GenerateDataKeyCommand({
          KeyId: keyId,
          KeySpec: 'AES_256',
          EncryptionContext: encryptionContext(context),
        }),
      );
      if (!answer.Plaintext || !answer.CiphertextBlob) {
        throw new Error('KMS answered GenerateDataKey without a data key');
      }
      const dataKey = Buffer.from(answer.Plaintext);
      try {
        return sealEnvelope(plaintext, context, {
          plaintext: dataKey,
          wrapped: Buffer.from(answer.CiphertextBlob),
          wrapping: 'kms',
        });
      } finally {
        dataKey.fill(0);
      }
    },
    async open(text, context) {
      const envelope = parseEnvelope(text);
      if (envelope.wrapping !== 'kms') throw new Error('These credentials were sealed locally');
      const { DecryptCommand } = loadKms();
      const answer = await getKmsClient().send(
        new DecryptCommand({
          KeyId: keyId,
          CiphertextBlob: envelope.wrappedKey,
          EncryptionContext: encryptionContext(context),
        }),
      );
      if (!answer.Plaintext) throw new Error('KMS answered Decrypt without a data key');
      const dataKey = Buffer.from(answer.Plaintext);
      try {
        return decryptWithKey(envelope, dataKey, contextBytes(context)).toString('utf8');
      } finally {
        dataKey.fill(0);
      }
    },
  };
}

/** The sealer the configuration names: the local key when set, else the KMS key. */
export function getCredentialSealer(): CredentialSealer {
  const { integrationCredentialsKey, integrationCredentialsKmsKeyId } = getConfig();
  if (integrationCredentialsKey) return localCredentialSealer(integrationCredentialsKey);
  if (integrationCredentialsKmsKeyId) return kmsCredentialSealer(integrationCredentialsKmsKeyId);
  throw new Error(
    'Integration credentials need INTEGRATION_CREDENTIALS_KEY or INTEGRATION_CREDENTIALS_KMS_KEY_ID',
  );
}
