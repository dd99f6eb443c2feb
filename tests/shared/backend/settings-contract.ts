import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackendError, type Backend, type SettingsStore } from '../../../shared/backend/ports.ts';
import { aFilledSettings } from '../../fixtures/settings.ts';
import type { ContractHarness } from './contract.ts';

export { aFilledSettings };

async function rejection(promise: Promise<unknown>): Promise<BackendError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(BackendError);
    return error as BackendError;
  }
  throw new Error('expected a rejection');
}

function settingsOf(backend: Backend): SettingsStore {
  if (!backend.settings) throw new Error('no settings');
  return backend.settings;
}

/**
 * The settings' contract (issue 49), the same on every backend that has them: admin only,
 * the configuration's defaults until first saved, French refusals under each field that save
 * nothing, each save kept with its date.
 */
export function describeSettingsContract(
  name: string,
  setup: () => Promise<ContractHarness & { defaults: { digestTime: string; email: string } }>,
) {
  describe(`SettingsStore contract: ${name}`, () => {
    let harness: Awaited<ReturnType<typeof setup>> | undefined;
    beforeEach(async () => {
      harness = await setup();
    });
    afterEach(async () => {
      await harness?.dispose();
      harness = undefined;
    });
    const current = () => {
      if (!harness) throw new Error('no harness');
      return harness;
    };
    async function signedIn(): Promise<SettingsStore> {
      const backend = current().client();
      await backend.session.signIn(current().admin.email, current().admin.password);
      return settingsOf(backend);
    }

    it('keeps the settings to the owner', async () => {
      const visitor = settingsOf(current().client());
      expect((await rejection(visitor.get())).code).toBe('unauthorized');
      expect(
        (await rejection(visitor.save(aFilledSettings((await (await signedIn()).get()).settings))))
          .code,
      ).toBe('unauthorized');
    });

    it('gives the configuration’s values until first saved, and lists the mentions still missing', async () => {
      const owner = await signedIn();
      const first = await owner.get();
      expect(first.savedAt).toBeNull();
      expect(first.settings.notifications).toEqual(current().defaults);
      expect(first.missing.map((m) => m.field)).toContain('legal.nif');
      expect(await owner.history()).toEqual([]);
    });

    it('refuses bad input with a French sentence under each field, saving nothing', async () => {
      const owner = await signedIn();
      const { settings } = await owner.get();
      const filled = aFilledSettings(settings);
      const refused = await rejection(
        owner.save({
          ...filled,
          legal: { ...filled.legal, nif: '12345', rib: '00799999002311500798' },
          hours: { days: [], opens: '17:00', closes: '08:00' },
        }),
      );
      expect(refused.code).toBe('invalid-input');
      expect(refused.fields).toEqual({
        'legal.nif': 'Le NIF compte 15 ou 20 chiffres.',
        'legal.rib':
          'La clé de ce RIB (ses deux derniers chiffres) ne correspond pas : vérifiez-le chiffre par chiffre.',
        'hours.days': 'Choisissez au moins un jour ouvré.',
        'hours.closes': 'La fermeture vient après l’ouverture.',
      });
      expect((await owner.get()).savedAt).toBeNull();
    });

    it('saves them whole, effective at once, each version kept with its date', async () => {
      const owner = await signedIn();
      const filled = aFilledSettings((await owner.get()).settings);
      const saved = await owner.save(filled);
      expect(saved.missing).toEqual([]);
      expect(saved.savedAt).toEqual(expect.any(Number));
      expect(saved.settings.legal.nif).toBe('001213012345678');
      expect((await owner.get()).settings.notifications).toEqual({
        digestTime: '07:15',
        email: 'gerance@atelier.dz',
      });

      await owner.save({ ...filled, notifications: { digestTime: 'off', email: '' } });
      const history = await owner.history();
      expect(history.map((version) => version.settings.notifications.digestTime)).toEqual([
        'off',
        '07:15',
      ]);
      expect(history[0]?.savedBy).toBe(current().admin.email);
      expect(history[0]?.savedAt).toBeGreaterThanOrEqual(history[1]?.savedAt ?? Infinity);

      // Another device sees them.
      expect((await (await signedIn()).get()).settings.notifications.digestTime).toBe('off');
    });
  });
}
