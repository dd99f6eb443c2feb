/**
 * The product's functions, as tests/firebase/desktop-console.test.ts runs them on the Functions
 * emulator: all of them as deployed, except that the console's App Check function mints
 * emulator tokens. The Admin SDK's `createToken` signs with the function's service account and
 * exchanges the result at firebaseappcheck.googleapis.com, which no emulator stands in for
 * (offline, without credentials, it cannot answer). Everything before the minting — the
 * callable protocol, the owner's ID token, the `admin` claim, the app id, the answer — is the
 * product's.
 */
import { consoleAppCheckFunction } from '../../functions/src/console-app-check.ts';

export * from '../../functions/src/index.ts';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned token shaped like App Check's, as the Auth emulator's ID tokens are unsigned. */
export const issueConsoleAppCheckToken = consoleAppCheckFunction(async (appId) => {
  const ttlMillis = 60 * 60 * 1000;
  const now = Math.floor(Date.now() / 1000);
  const projectNumber = appId.split(':')[1] ?? '0';
  const payload = {
    iss: `https://firebaseappcheck.googleapis.com/${projectNumber}`,
    sub: appId,
    aud: [`projects/${projectNumber}`],
    iat: now,
    exp: now + ttlMillis / 1000,
  };
  return { token: `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`, ttlMillis };
});
