import { EVERY_DAY_HOURS } from '../../../../shared/domain/leads/business-hours.ts';
import {
  digestDayDue,
  digestTimeSetting,
  parseDigestTime,
} from '../../../../shared/domain/leads/digest-time.ts';
import { describe, expect, it } from 'vitest';
import { fieldErrors, type FieldIssue } from '../../../../shared/domain/field-errors.ts';
import {
  dailyDigest,
  digestSubject,
  digestText,
  followUpOf,
  isNextActionDue,
  isStillNewReminderDue,
} from '../../../../shared/domain/leads/follow-up.ts';
import {
  LEAD_STATUSES,
  LEAD_STATUS_CODES,
  LOST_REASONS,
  LOST_REASON_CODES,
  PIPELINE_MESSAGES,
  canCorrectNote,
  describeLeadEvent,
  estimatedValueSchema,
  nextActionSchemaAt,
  noteTextSchema,
  resolveNextAction,
  statusChangeSchemaAt,
  type Lead,
} from '../../../../shared/domain/leads/pipeline.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Thursday 26 November 2026, 09:00 in Algiers (UTC+1). */
const NOW = Date.UTC(2026, 10, 26, 8, 0);

function errorsOf(result: {
  success: boolean;
  error?: { issues: readonly FieldIssue[] } | undefined;
}) {
  return result.success ? {} : fieldErrors(result.error?.issues ?? []);
}

describe('the pipeline’s words', () => {
  it('accepts a change to each status, refuses any other naming each one the owner may choose', () => {
    for (const status of LEAD_STATUS_CODES) {
      const change = status === 'perdu' ? { status, lostReason: 'prix' } : { status };
      expect(statusChangeSchemaAt(NOW).safeParse(change).success).toBe(true);
      // The timeline says it in the owner's words.
      expect(
        describeLeadEvent({ id: 'a', type: 'status', at: NOW, status, lostReason: null }),
      ).toBe(`Statut : ${LEAD_STATUSES[status]}`);
    }
    const refused = errorsOf(statusChangeSchemaAt(NOW).safeParse({ status: 'relance' }));
    expect(refused.status).toBe(PIPELINE_MESSAGES.status);
    expect(PIPELINE_MESSAGES.status).toBe(
      'Statut inconnu : choisissez Nouveau, Contacté, Devis envoyé, Gagné ou Perdu.',
    );
    for (const label of Object.values(LEAD_STATUSES)) {
      expect(PIPELINE_MESSAGES.status).toContain(label);
    }
  });

  it('accepts each reason a lead is lost, refuses any other naming each one', () => {
    for (const lostReason of LOST_REASON_CODES) {
      expect(statusChangeSchemaAt(NOW).safeParse({ status: 'perdu', lostReason }).success).toBe(
        true,
      );
    }
    const refused = errorsOf(
      statusChangeSchemaAt(NOW).safeParse({ status: 'perdu', lostReason: 'meteo' }),
    );
    expect(refused.lostReason).toBe(PIPELINE_MESSAGES.lostReason);
    expect(errorsOf(statusChangeSchemaAt(NOW).safeParse({ status: 'perdu' })).lostReason).toBe(
      'Indiquez pourquoi ce contact est perdu : prix, délai, pas de réponse, projet abandonné ou autre.',
    );
    for (const label of Object.values(LOST_REASONS)) {
      expect(PIPELINE_MESSAGES.lostReason).toContain(label.toLocaleLowerCase('fr'));
    }
  });

  it('describes each timeline entry', () => {
    expect(
      describeLeadEvent({ id: 'a', type: 'status', at: NOW, status: 'perdu', lostReason: 'prix' }),
    ).toBe('Statut : Perdu (prix)');
    expect(
      describeLeadEvent({
        id: 'b',
        type: 'status',
        at: NOW,
        status: 'devis-envoye',
        lostReason: null,
      }),
    ).toBe('Statut : Devis envoyé');
    expect(describeLeadEvent({ id: 'c', type: 'note', at: NOW, text: 'x', correctedAt: NOW })).toBe(
      'Note (corrigée)',
    );
    expect(describeLeadEvent({ id: 'd', type: 'reply', at: NOW, channel: 'whatsapp' })).toBe(
      'Réponse envoyée : WhatsApp',
    );
  });
});

describe('a status change', () => {
  const schema = statusChangeSchemaAt(NOW);

  it('accepts each status, « Perdu » with its reason', () => {
    for (const status of ['nouveau', 'contacte', 'devis-envoye', 'gagne'] as const) {
      expect(schema.safeParse({ status }).success).toBe(true);
    }
    expect(schema.safeParse({ status: 'perdu', lostReason: 'projet-abandonne' }).success).toBe(
      true,
    );
  });

  it('refuses an unknown status, « Perdu » without a reason, a reason on another status, in French', () => {
    expect(errorsOf(schema.safeParse({ status: 'archivé' }))).toEqual({
      status: PIPELINE_MESSAGES.status,
    });
    expect(errorsOf(schema.safeParse({ status: 'perdu' }))).toEqual({
      lostReason:
        'Indiquez pourquoi ce contact est perdu : prix, délai, pas de réponse, projet abandonné ou autre.',
    });
    expect(errorsOf(schema.safeParse({ status: 'perdu', lostReason: 'météo' }))).toEqual({
      lostReason: PIPELINE_MESSAGES.lostReason,
    });
    expect(errorsOf(schema.safeParse({ status: 'gagne', lostReason: 'prix' }))).toEqual({
      lostReason: PIPELINE_MESSAGES.lostReasonNotLost,
    });
    expect(errorsOf(schema.safeParse({ status: 'gagne', couleur: 'vert' }))).toEqual({
      couleur: 'Champ inconnu.',
    });
  });

  it('refuses a next action in the past, or now', () => {
    expect(errorsOf(schema.safeParse({ status: 'contacte', nextActionAt: NOW - MINUTE }))).toEqual({
      nextActionAt: 'La date de relance est déjà passée : choisissez une date à venir.',
    });
    expect(schema.safeParse({ status: 'contacte', nextActionAt: NOW }).success).toBe(false);
    expect(schema.safeParse({ status: 'contacte', nextActionAt: NOW + MINUTE }).success).toBe(true);
    expect(schema.safeParse({ status: 'contacte', nextActionAt: null }).success).toBe(true);
  });

  it('proposes « Relancer le » +2 days on « Contacté », +5 days on « Devis envoyé »; none once won or lost', () => {
    const earlier = NOW + 3 * DAY;
    expect(resolveNextAction(null, { status: 'contacte' }, NOW)).toBe(NOW + 2 * DAY);
    expect(resolveNextAction(earlier, { status: 'devis-envoye' }, NOW)).toBe(NOW + 5 * DAY);
    expect(resolveNextAction(earlier, { status: 'gagne' }, NOW)).toBeNull();
    expect(resolveNextAction(earlier, { status: 'perdu' }, NOW)).toBeNull();
    // Back to « Nouveau »: the next action stays.
    expect(resolveNextAction(earlier, { status: 'nouveau' }, NOW)).toBe(earlier);
    // The owner's choice wins, « none » included.
    expect(resolveNextAction(null, { status: 'contacte', nextActionAt: NOW + DAY }, NOW)).toBe(
      NOW + DAY,
    );
    expect(resolveNextAction(earlier, { status: 'contacte', nextActionAt: null }, NOW)).toBeNull();
  });
});

describe('notes, next actions and values', () => {
  it('takes a note of 1 to 5,000 characters, trimmed', () => {
    expect(noteTextSchema.parse('  Rappeler après 14 h  ')).toBe('Rappeler après 14 h');
    expect(noteTextSchema.safeParse('x'.repeat(5000)).success).toBe(true);
    expect(noteTextSchema.safeParse('x'.repeat(5001)).error?.issues[0]?.message).toBe(
      'La note ne doit pas dépasser 5\u202f000 caractères.',
    );
    expect(noteTextSchema.safeParse('   ').error?.issues[0]?.message).toBe(
      'Écrivez la note avant de l’ajouter.',
    );
  });

  it('lets a note be corrected for 10 minutes, not after', () => {
    expect(canCorrectNote(NOW, NOW + 10 * MINUTE)).toBe(true);
    expect(canCorrectNote(NOW, NOW + 10 * MINUTE + 1)).toBe(false);
  });

  it('takes a whole, non-negative number of dinars, or none', () => {
    expect(estimatedValueSchema.parse(150_000)).toBe(150_000);
    expect(estimatedValueSchema.parse(null)).toBeNull();
    expect(estimatedValueSchema.safeParse(1500.5).error?.issues[0]?.message).toBe(
      'La valeur estimée doit être un nombre entier de dinars (DZD), sans centimes.',
    );
    expect(estimatedValueSchema.safeParse(-1).error?.issues[0]?.message).toBe(
      'La valeur estimée ne peut pas être négative.',
    );
    expect(estimatedValueSchema.safeParse('150000').success).toBe(false);
  });

  it('refuses a next action that is not a date', () => {
    expect(nextActionSchemaAt(NOW).safeParse(Number.NaN).error?.issues[0]?.message).toBe(
      PIPELINE_MESSAGES.nextActionDate,
    );
  });
});

describe('follow-ups and the daily digest', () => {
  const lead = (status: Lead['status'], nextActionAt: number | null) => ({ status, nextActionAt });
  /** 26 November 2026 at this Algiers time. */
  const at = (hour: number, minute = 0, dayOffset = 0) =>
    Date.UTC(2026, 10, 26 + dayOffset, hour - 1, minute);

  it('classifies by the Algiers calendar day: overdue before today, today whatever the hour', () => {
    const now = at(15);
    expect(followUpOf(lead('contacte', at(9)), now)).toBe('today'); // earlier today
    expect(followUpOf(lead('contacte', at(23, 30)), now)).toBe('today'); // 22:30 UTC, still today here
    expect(followUpOf(lead('contacte', at(23, 59, -1)), now)).toBe('overdue');
    expect(followUpOf(lead('devis-envoye', at(0, 30, 1)), now)).toBe('later');
    expect(followUpOf(lead('gagne', at(9, 0, -3)), now)).toBe('none');
    expect(followUpOf(lead('contacte', null), now)).toBe('none');
  });

  it('says when a next action is due, and when a lead still « Nouveau » calls for its reminder', () => {
    expect(isNextActionDue(lead('contacte', at(9)), at(9))).toBe(true);
    expect(isNextActionDue(lead('contacte', at(9)), at(8, 59))).toBe(false);
    expect(isNextActionDue(lead('perdu', at(9)), at(10))).toBe(false);
    // Received at 19:00: due at 09:00 the next day.
    expect(
      isStillNewReminderDue({ status: 'nouveau' }, at(19), at(8, 59, 1), EVERY_DAY_HOURS),
    ).toBe(false);
    expect(isStillNewReminderDue({ status: 'nouveau' }, at(19), at(9, 0, 1), EVERY_DAY_HOURS)).toBe(
      true,
    );
    expect(
      isStillNewReminderDue({ status: 'contacte' }, at(19), at(9, 0, 1), EVERY_DAY_HOURS),
    ).toBe(false);
  });

  it('lists what is due today, overdue and unanswered; nothing at all is no digest', () => {
    const messages = [
      {
        id: 'a',
        fullName: 'Boulangerie El Bahia',
        subject: 'Site vitrine',
        receivedAt: at(10, 0, -5),
      },
      { id: 'b', fullName: 'Nadia S.', subject: 'Logo', receivedAt: at(11, 0, -4) },
      { id: 'c', fullName: 'Transport Oran Sud', subject: 'Clip', receivedAt: at(7, 30) },
      { id: 'd', fullName: 'Salon Amel', subject: 'Page Facebook', receivedAt: at(16, 0, -1) },
      { id: 'e', fullName: 'Gagné SARL', subject: 'Boutique', receivedAt: at(9, 0, -9) },
    ];
    const leads = new Map([
      ['a', lead('contacte', at(11))],
      ['b', lead('devis-envoye', at(14, 0, -1))],
      ['e', lead('gagne', null)],
    ]);
    const digest = dailyDigest(messages, leads, at(8), { hours: EVERY_DAY_HOURS });
    expect(digest).toEqual({
      day: '2026-11-26',
      dueToday: [
        { id: 'a', fullName: 'Boulangerie El Bahia', subject: 'Site vitrine', at: at(11) },
      ],
      overdue: [{ id: 'b', fullName: 'Nadia S.', subject: 'Logo', at: at(14, 0, -1) }],
      // c arrived at 07:30 today: not two working hours yet at 08:00.
      unanswered: [
        { id: 'd', fullName: 'Salon Amel', subject: 'Page Facebook', at: at(16, 0, -1) },
      ],
      keptAsSpam: 0,
      unopenedQuotes: [],
      overdueInvoices: [],
    });
    if (!digest) throw new Error('no digest');
    expect(digestSubject(digest)).toBe(
      'Votre journée : 1 relance aujourd’hui, 1 en retard, 1 sans réponse',
    );
    expect(digestText(digest)).toBe(
      [
        'À relancer aujourd’hui :',
        '- Boulangerie El Bahia — Site vitrine (26/11/2026 11:00)',
        '',
        'En retard :',
        '- Nadia S. — Logo (25/11/2026 14:00)',
        '',
        'Sans réponse depuis plus de 2 heures ouvrées :',
        '- Salon Amel — Page Facebook (25/11/2026 16:00)',
      ].join('\n'),
    );
    expect(dailyDigest(messages.slice(4), leads, at(8), { hours: EVERY_DAY_HOURS })).toBeNull();
  });

  it('leaves the messages received before the cut-off out of « sans réponse », and only them', () => {
    const messages = [
      { id: 'old', fullName: 'Client Exemple', subject: 'Avant', receivedAt: at(16, 0, -30) },
      { id: 'new', fullName: 'Salon Amel', subject: 'Après', receivedAt: at(16, 0, -1) },
    ];
    const cutOff = at(9, 0, -2);
    const leads = new Map([['old', lead('nouveau', at(10, 0, -1))]]);
    const digest = dailyDigest(messages, leads, at(8), {
      hours: EVERY_DAY_HOURS,
      unansweredSince: cutOff,
    });
    expect(digest?.unanswered.map((entry) => entry.id)).toEqual(['new']);
    // A follow-up the owner set stays, whenever its message arrived.
    expect(digest?.overdue.map((entry) => entry.id)).toEqual(['old']);
    expect(
      dailyDigest(messages.slice(0, 1), new Map(), at(8), {
        hours: EVERY_DAY_HOURS,
        unansweredSince: cutOff,
      }),
    ).toBeNull();
  });
});

describe('the digest’s time (DIGEST_TIME)', () => {
  /** 26 November 2026 at this Algiers time. */
  const at = (hour: number, minute = 0) => Date.UTC(2026, 10, 26, hour - 1, minute);

  it('reads HH:MM or off, and says which day is due once its time has come', () => {
    expect(parseDigestTime(undefined)).toEqual({ hour: 8, minute: 0 });
    expect(parseDigestTime(' 09:30 ')).toEqual({ hour: 9, minute: 30 });
    expect(parseDigestTime('Off')).toBeNull();
    expect(parseDigestTime('8h')).toBeUndefined();
    expect(parseDigestTime('24:00')).toBeUndefined();
    // What both schedulers use: off stays off (Firebase mode once read it as 08:00).
    expect(digestTimeSetting('off')).toBeNull();
    expect(digestTimeSetting('OFF ')).toBeNull();
    expect(digestTimeSetting(undefined)).toEqual({ hour: 8, minute: 0 });
    expect(digestTimeSetting('21:15')).toEqual({ hour: 21, minute: 15 });
    expect(digestTimeSetting('8h')).toEqual({ hour: 8, minute: 0 });
    const eight = { hour: 8, minute: 0 };
    expect(digestDayDue(at(7, 59), eight, null)).toBeNull();
    expect(digestDayDue(at(8), eight, null)).toBe('2026-11-26');
    expect(digestDayDue(at(19), eight, '2026-11-25')).toBe('2026-11-26');
    expect(digestDayDue(at(19), eight, '2026-11-26')).toBeNull();
    expect(digestDayDue(at(9), null, null)).toBeNull();
    // 23:30 in Algiers is the same day there, whatever UTC says.
    expect(digestDayDue(at(23, 30), { hour: 23, minute: 0 }, null)).toBe('2026-11-26');
  });
});
