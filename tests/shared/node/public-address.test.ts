/**
 * Which addresses the server and the Cloud Function may contact for a push or a webhook: the
 * public Internet only (issue: push subscriptions reaching the internal network).
 */
import { describe, expect, it } from 'vitest';
import { UnsafeAddressError } from '../../../shared/notifications/delivery.ts';
import {
  checkPublicUrl,
  checkPushEndpoint,
  isPublicAddress,
  PUBLIC_ONLY,
} from '../../../shared/node/public-address.ts';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fd00::1',
    'fc00::5',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::808:808',
    '::7f00:1',
    '::127.0.0.1',
    '::a00:1',
    '2002:7f00:1::1',
    '2002:a9fe:a9fe::',
    '2002:c0a8:101:0:0:0:0:1',
    '2002::1',
    '2002:a00::1',
    '0:0:0:0:0:ffff:7f00:1',
    '64:ff9b:0:0:0:0:10.0.0.1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:2::1',
    'ff02::1',
    // Outside global unicast (2000::/3), or a special range inside it.
    '::ffff:0:7f00:1', // IPv4-translated 127.0.0.1
    '::ffff:0:a00:1', // IPv4-translated 10.0.0.1
    'fec0::1', // site-local, deprecated but still routed inside some networks
    'feff:ffff::1',
    '5f00::1', // SRv6 segment identifiers
    '5f00:ffff::1',
    '3fff::1', // documentation (RFC 9637)
    '3fff:fff:ffff::1',
    '4000::1', // not allotted
    'e000::1',
    '100::1',
    '2001:db8:1::1',
    'pas une adresse',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '142.250.74.100',
    '172.32.0.1',
    '2a00:1450:4007:80e::200a',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2001:4860:4860::8888',
    '2c0f:f248::1',
    '3ffe:1::1',
  ])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('checkPublicUrl', () => {
  it.each([
    'https://127.0.0.1:8443/push',
    'https://[::1]/push',
    'https://localhost/push',
    'https://foo.localhost/push',
    'https://169.254.169.254/latest/meta-data',
  ])('refuses %s in French', async (url) => {
    const refusal = checkPublicUrl(url, PUBLIC_ONLY);
    await expect(refusal).rejects.toBeInstanceOf(UnsafeAddressError);
    await expect(refusal).rejects.toThrow(/mène à cette machine ou à un réseau privé/);
  });

  it('refuses anything but https', async () => {
    await expect(checkPublicUrl('http://8.8.8.8/', PUBLIC_ONLY)).rejects.toThrow(
      'seules les adresses https:// sont contactées.',
    );
  });

  it('accepts a public address, and this machine only when the tests allow it', async () => {
    await expect(checkPublicUrl('https://8.8.8.8/push', PUBLIC_ONLY)).resolves.toBeUndefined();
    await expect(
      checkPublicUrl('https://127.0.0.1:8443/push', { allowLoopback: true }),
    ).resolves.toBeUndefined();
    await expect(
      checkPublicUrl('https://10.0.0.1/push', { allowLoopback: true }),
    ).rejects.toBeInstanceOf(UnsafeAddressError);
  });
});

describe('checkPushEndpoint', () => {
  it.each(['https://8.8.8.8/push', 'https://8.8.8.8:443/push', 'https://[2a00:1450:4007::1]/x'])(
    'accepts %s, a public address on port 443',
    async (url) => {
      await expect(checkPushEndpoint(url, PUBLIC_ONLY)).resolves.toBeUndefined();
    },
  );

  it.each([
    ['https://8.8.8.8:8443/push', /le port 8443 n’est pas celui d’un service de notifications/],
    ['https://8.8.8.8:22/push', /seul le port 443/],
    ['https://[2a00:1450:4007::1]:8080/x', /le port 8080/],
    ['https://[::ffff:0:7f00:1]/push', /mène à cette machine ou à un réseau privé/],
    ['https://[fec0::1]/push', /mène à cette machine ou à un réseau privé/],
    ['https://[5f00::1]/push', /mène à cette machine ou à un réseau privé/],
    ['https://[3fff::1]/push', /mène à cette machine ou à un réseau privé/],
  ])('refuses %s in French', async (url, reason) => {
    const refusal = checkPushEndpoint(url, PUBLIC_ONLY);
    await expect(refusal).rejects.toBeInstanceOf(UnsafeAddressError);
    await expect(refusal).rejects.toThrow(reason);
  });

  it('lets the tests’ local stand-in use any port, and nothing else', async () => {
    const tests = { allowLoopback: true };
    await expect(checkPushEndpoint('https://127.0.0.1:8443/push', tests)).resolves.toBeUndefined();
    await expect(checkPushEndpoint('https://8.8.8.8:8443/push', tests)).rejects.toThrow(/port/);
  });
});
