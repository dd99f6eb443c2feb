import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ADMIN } from '../../server/helpers.ts';
import { pushService } from '../../fixtures/push-endpoint.ts';
import { CONTRACT_MESSAGE } from './contract.ts';
import { A_DRAFT, describeQuotesContract, quotesOf } from './quotes-contract.ts';
import { quotesServer } from './quotes-server.ts';

describeQuotesContract('http adapter + src-server', async () => (await quotesServer()).harness);

describe('quotes on the embedded server', () => {
  it('e-mails the client a link to the quote’s page, Reply-To the owner, in the quote’s language', async () => {
    const server = await quotesServer();
    onTestFinished(server.harness.dispose);
    const { id } = await server.harness.client().messages.send({
      ...CONTRACT_MESSAGE,
      email: 'contact@transport-oran-sud.dz',
    });
    const owner = server.harness.client();
    await owner.session.signIn(ADMIN.email, ADMIN.password);
    const draft = await quotesOf(owner).createDraft(id, { ...A_DRAFT, language: 'ar' });
    const sent = await quotesOf(owner).send(draft.id);
    expect(sent.email).toEqual({ to: 'contact@transport-oran-sud.dz', sent: true });
    expect(sent.link).toMatch(/^https:\/\/agence\.test\/pageDevis#[A-Za-z0-9_-]{43}$/u);

    // The owner's e-mail about the new message, and the client's.
    const mails = await server.smtp.waitForMails(2);
    const recipient = (m: (typeof mails)[number]) => (m.to && 'text' in m.to ? m.to.text : '');
    const mail = mails.find((m) => recipient(m) === 'contact@transport-oran-sud.dz');
    expect(mail?.replyTo?.value[0]?.address).toBe('proprietaire@agence.test');
    expect(mail?.subject).toContain('DEV-2026-0001');
    expect(mail?.subject).toContain('عرض أسعار');
    expect(mail?.text).toContain(sent.link);
    // The link in the e-mail opens the quote, for anyone holding it, without a session.
    const token = new URL(sent.link).hash.slice(1);
    expect((await quotesOf(server.harness.client()).readByToken(token)).number).toBe(
      'DEV-2026-0001',
    );

    // A new link replaces the old one.
    const again = await quotesOf(owner).resendLink(draft.id, {
      email: 'autre@transport-oran-sud.dz',
    });
    expect(again.email).toEqual({ to: 'autre@transport-oran-sud.dz', sent: true });
    await expect(quotesOf(server.harness.client()).readByToken(token)).rejects.toThrow(
      'Ce lien ne mène plus à un devis',
    );
    expect(
      (await quotesOf(server.harness.client()).readByToken(new URL(again.link).hash.slice(1)))
        .number,
    ).toBe('DEV-2026-0001');
  });

  it('tells the owner of each answer on every channel (e-mail, webhook), with the comment', async () => {
    const receiver = await pushService(onTestFinished);
    const server = await quotesServer({
      env: {
        WEBHOOK_URL: receiver.endpoint('/hook'),
        WEBHOOK_SECRET: 'un secret partagé de test, assez long',
        TEST_LOOPBACK_ENDPOINTS: 'true',
      },
      notifications: { webhookAgent: receiver.agent },
    });
    onTestFinished(server.harness.dispose);
    const owner = server.harness.client();
    await owner.session.signIn(ADMIN.email, ADMIN.password);
    const answered = async (subject: string, decision: 'accepte' | 'refuse', comment?: string) => {
      const { id } = await server.harness.client().messages.send({ ...CONTRACT_MESSAGE, subject });
      const sent = await quotesOf(owner).send((await quotesOf(owner).createDraft(id, A_DRAFT)).id);
      const token = new URL(sent.link).hash.slice(1);
      await quotesOf(server.harness.client()).answer(token, {
        decision,
        ...(comment ? { comment } : {}),
      });
      return { id, number: sent.quote.number };
    };
    const accepted = await answered(
      'Site vitrine',
      'accepte',
      'Bon pour accord, on commence lundi.',
    );
    const refused = await answered('Application', 'refuse');

    const toOwner = () =>
      server.smtp.mails.filter(
        (mail) => mail.to && 'text' in mail.to && mail.to.text === 'proprietaire@agence.test',
      );
    await vi.waitFor(
      () => expect(toOwner().filter((mail) => mail.subject?.startsWith('Devis '))).toHaveLength(2),
      { timeout: 20_000 },
    );
    const yes = toOwner().find((mail) => mail.subject?.startsWith('Devis accepté'));
    expect(yes?.subject).toBe(`Devis accepté : ${accepted.number} — Transport Oran Sud`);
    expect(yes?.text).toContain('Bon pour accord, on commence lundi.');
    expect(yes?.text).toContain('« Gagné »');
    expect(yes?.text).toContain(`https://agence.test/pageDashboard?message=${accepted.id}`);
    const no = toOwner().find((mail) => mail.subject?.startsWith('Devis refusé'));
    expect(no?.subject).toBe(`Devis refusé : ${refused.number} — Transport Oran Sud`);
    expect(no?.text).toContain('(aucun commentaire)');

    const posts = async () =>
      (await receiver.waitForPushes(1))
        .filter((post) => post.headers['x-webhook-event'] === 'quote.answered')
        .map((post) => JSON.parse(post.body.toString()) as Record<string, unknown>);
    await vi.waitFor(async () => expect(await posts()).toHaveLength(2), { timeout: 20_000 });
    expect(await posts()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          event: 'quote.answered',
          number: accepted.number,
          decision: 'accepte',
          comment: 'Bon pour accord, on commence lundi.',
          // X-Webhook-Id under the signature (issue 47, finding 6).
          deliveryId: expect.stringMatching(/^devis-.+-accepte$/),
        }),
        expect.objectContaining({ number: refused.number, decision: 'refuse', comment: null }),
      ]),
    );
  });
});
