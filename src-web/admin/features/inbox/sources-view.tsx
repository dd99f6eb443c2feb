import { Fragment, useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ContactMessage } from '../../../../shared/domain/contact.ts';
import type { Lead } from '../../../../shared/domain/leads/pipeline.ts';
import {
  formatDelay,
  SOURCES_PERIODS_DAYS,
  sourcesSummary,
  type SourcesPeriod,
  type SourcesRow,
} from '../../../../shared/domain/leads/sources.ts';
import type { WhatsappTap } from '../../../../shared/domain/whatsapp-taps.ts';
import type { WhatsappTapStore } from '../../../../shared/backend/ports.ts';

/** The URL parameter of the period shown (30 days unless it says 90). */
export const PERIOD_PARAM = 'periode';

const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 0 });
const count = new Intl.NumberFormat('fr-FR');

function periodOf(value: string | null): SourcesPeriod {
  return SOURCES_PERIODS_DAYS.find((days) => String(days) === value) ?? SOURCES_PERIODS_DAYS[0];
}

/** The column of the public pages' WhatsApp taps (docs/inbox.md). */
const TAPS_COLUMN = 'Clics WhatsApp';

function Cells({ row, withTaps }: { row: SourcesRow; withTaps: boolean }) {
  return (
    <>
      {figuresOf(row, withTaps).map(([name, value]) => (
        <td key={name} className="text-end">
          {value}
        </td>
      ))}
    </>
  );
}

/** The figures of a row, in the order of the table's columns, with their names. */
function figuresOf(row: SourcesRow, withTaps: boolean): [string, string][] {
  const figures: [string, string][] = [
    ['Contacts', count.format(row.leads)],
    ['Contactés', count.format(row.contacted)],
    ['Gagnés', count.format(row.won)],
    ['Conversion', percent.format(row.conversion)],
    [
      'Première réponse (médiane)',
      row.medianFirstReplyMs === null ? 'Aucune réponse' : formatDelay(row.medianFirstReplyMs),
    ],
  ];
  if (withTaps) figures.push([TAPS_COLUMN, count.format(row.whatsappTaps)]);
  return figures;
}

/**
 * The same summary on a phone: one card per source or page (its name, then each figure under
 * its column's name), the total last, so that nothing scrolls sideways. The table stays for
 * wider screens; the stylesheet shows one or the other.
 */
function SummaryCards({
  caption,
  rows,
  total,
  withTaps,
}: {
  caption: string;
  rows: SourcesRow[];
  total: SourcesRow;
  withTaps: boolean;
}) {
  const titleId = useId();
  return (
    <section className="sources-cards mb-4" aria-labelledby={titleId}>
      <h3 id={titleId} className="h6">
        {caption}
      </h3>
      <ul className="list-unstyled mb-0">
        {[...rows.map((row) => ({ row, isTotal: false })), { row: total, isTotal: true }].map(
          ({ row, isTotal }) => (
            <li
              key={isTotal ? 'total' : `row-${row.label}`}
              className={`sources-card bg-white rounded-3 shadow-sm${isTotal ? ' sources-card-total' : ''}`}
            >
              <h4 className="h6 mb-2" dir="auto">
                {isTotal ? 'Total' : row.label}
              </h4>
              <dl className="sources-figures mb-0">
                {figuresOf(row, withTaps).map(([name, value]) => (
                  <div key={name}>
                    <dt>{name}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ),
        )}
      </ul>
    </section>
  );
}

/**
 * One table of the summary, a real one: its caption names it, its headers are scoped, the
 * total is its footer. Shown from the tablet's width up (a phone has the cards); a narrow
 * window scrolls it sideways inside its own frame (reachable with the keyboard).
 */
function SummaryTable({
  caption,
  first,
  rows,
  total,
  withTaps,
}: {
  caption: string;
  first: string;
  rows: SourcesRow[];
  total: SourcesRow;
  withTaps: boolean;
}) {
  const captionId = useId();
  return (
    <div
      className="table-responsive sources-table bg-white rounded-3 shadow-sm mb-4"
      role="region"
      aria-labelledby={captionId}
      // Scrollable on a phone: the keyboard must reach it too (WCAG 2.1.1; axe's
      // scrollable-region-focusable), which this rule does not know of.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      <table className="table align-middle mb-0">
        <caption id={captionId} className="caption-top px-3">
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            <th scope="col" className="text-end">
              Contacts
            </th>
            <th scope="col" className="text-end">
              Contactés
            </th>
            <th scope="col" className="text-end">
              Gagnés
            </th>
            <th scope="col" className="text-end">
              Conversion
            </th>
            <th scope="col" className="text-end">
              Première réponse (médiane)
            </th>
            {withTaps && (
              <th scope="col" className="text-end">
                {TAPS_COLUMN}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="fw-normal" dir="auto">
                {row.label}
              </th>
              <Cells row={row} withTaps={withTaps} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="fw-semibold">
            <th scope="row">Total</th>
            <Cells row={total} withTaps={withTaps} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/**
 * The taps of the longest period (90 days), read once when the summary opens: the period's
 * buttons then choose among them without asking again.
 */
function useWhatsappTaps(
  store: WhatsappTapStore | undefined,
  now: number,
): { list: WhatsappTap[]; error: string | null } {
  const [state, setState] = useState<{ list: WhatsappTap[]; error: string | null }>({
    list: [],
    error: null,
  });
  const longest = SOURCES_PERIODS_DAYS[SOURCES_PERIODS_DAYS.length - 1] ?? 90;
  // Read again when the summary is opened; `now` moves every minute, which is no reason to.
  const [since] = useState(() => now - longest * 24 * 60 * 60 * 1000);
  useEffect(() => {
    if (!store) return;
    let active = true;
    store.since(since).then(
      (list) => {
        if (active) setState({ list, error: null });
      },
      (error: unknown) => {
        if (active)
          setState({ list: [], error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      active = false;
    };
  }, [store, since]);
  return state;
}

/**
 * « Sources »: where the leads of the last 30 or 90 days came from, and what became of them,
 * per source (the campaign's utm_source, the referring site, a direct visit) and per page
 * (docs/inbox.md, « Le résumé Sources »). The period is kept in the URL.
 */
export function SourcesView({
  messages,
  leads,
  now,
  whatsappTaps,
}: {
  messages: readonly ContactMessage[];
  leads: ReadonlyMap<string, Lead>;
  now: number;
  /** The public pages' WhatsApp taps, where the backend has them. */
  whatsappTaps?: WhatsappTapStore | undefined;
}) {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const days = periodOf(params.get(PERIOD_PARAM));
  const taps = useWhatsappTaps(whatsappTaps, now);
  const summary = useMemo(
    () => sourcesSummary(messages, leads, now, days, taps.list),
    [messages, leads, now, days, taps.list],
  );
  const withTaps = whatsappTaps !== undefined;
  const choose = (chosen: SourcesPeriod) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (chosen === SOURCES_PERIODS_DAYS[0]) next.delete(PERIOD_PARAM);
        else next.set(PERIOD_PARAM, String(chosen));
        return next;
      },
      { replace: true },
    );

  return (
    <section aria-labelledby="sources-title">
      <h2 id="sources-title" className="h4">
        Sources des contacts
      </h2>
      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-1">Période</legend>
        <div className="btn-group">
          {SOURCES_PERIODS_DAYS.map((period) => (
            <Fragment key={period}>
              <input
                type="radio"
                className="btn-check"
                id={`${id}-${period}`}
                name={`${id}-period`}
                value={period}
                checked={period === days}
                onChange={() => choose(period)}
              />
              <label className="btn btn-outline-primary" htmlFor={`${id}-${period}`}>
                {period} derniers jours
              </label>
            </Fragment>
          ))}
        </div>
      </fieldset>
      {taps.error && (
        <p className="alert alert-warning" role="alert">
          Les clics WhatsApp n’ont pas pu être lus : {taps.error}
        </p>
      )}
      {summary.total.leads === 0 && summary.total.whatsappTaps === 0 ? (
        <p className="bg-white rounded-3 shadow-sm p-4">
          Aucun contact reçu ces {days} derniers jours.
        </p>
      ) : (
        <>
          {(
            [
              ['Par source', 'Source', summary.bySource],
              ['Par page d’envoi', 'Page', summary.byPage],
            ] as const
          ).map(([by, first, rows]) => (
            <Fragment key={first}>
              <SummaryTable
                caption={`${by}, sur les ${days} derniers jours`}
                first={first}
                rows={rows}
                total={summary.total}
                withTaps={withTaps}
              />
              <SummaryCards
                caption={`${by}, sur les ${days} derniers jours`}
                rows={rows}
                total={summary.total}
                withTaps={withTaps}
              />
            </Fragment>
          ))}
          <p className="small text-body-secondary">
            Contactés : une réponse envoyée depuis un raccourci, ou un passage à « Contacté » ou
            au-delà. Conversion : gagnés sur contacts. Source : le paramètre utm_source de la
            campagne, sinon le site référent, sinon un accès direct.
            {withTaps &&
              ' Clics WhatsApp : les appuis sur les boutons WhatsApp des pages du site (une conversation peut suivre, ou non) ; un contact venu par WhatsApp se saisit avec « Nouveau contact », source WhatsApp.'}
          </p>
        </>
      )}
    </section>
  );
}
