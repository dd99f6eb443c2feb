import { Fragment, useId, useMemo } from 'react';
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

/** The URL parameter of the period shown (30 days unless it says 90). */
export const PERIOD_PARAM = 'periode';

const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 0 });
const count = new Intl.NumberFormat('fr-FR');

function periodOf(value: string | null): SourcesPeriod {
  return SOURCES_PERIODS_DAYS.find((days) => String(days) === value) ?? SOURCES_PERIODS_DAYS[0];
}

function Cells({ row }: { row: SourcesRow }) {
  return (
    <>
      {figuresOf(row).map(([name, value]) => (
        <td key={name} className="text-end">
          {value}
        </td>
      ))}
    </>
  );
}

/** The figures of a row, in the order of the table's columns, with their names. */
function figuresOf(row: SourcesRow): [string, string][] {
  return [
    ['Contacts', count.format(row.leads)],
    ['Contactés', count.format(row.contacted)],
    ['Gagnés', count.format(row.won)],
    ['Conversion', percent.format(row.conversion)],
    [
      'Première réponse (médiane)',
      row.medianFirstReplyMs === null ? 'Aucune réponse' : formatDelay(row.medianFirstReplyMs),
    ],
  ];
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
}: {
  caption: string;
  rows: SourcesRow[];
  total: SourcesRow;
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
                {figuresOf(row).map(([name, value]) => (
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
}: {
  caption: string;
  first: string;
  rows: SourcesRow[];
  total: SourcesRow;
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
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="fw-normal" dir="auto">
                {row.label}
              </th>
              <Cells row={row} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="fw-semibold">
            <th scope="row">Total</th>
            <Cells row={total} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
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
}: {
  messages: readonly ContactMessage[];
  leads: ReadonlyMap<string, Lead>;
  now: number;
}) {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const days = periodOf(params.get(PERIOD_PARAM));
  const summary = useMemo(
    () => sourcesSummary(messages, leads, now, days),
    [messages, leads, now, days],
  );
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
      {summary.total.leads === 0 ? (
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
              />
              <SummaryCards
                caption={`${by}, sur les ${days} derniers jours`}
                rows={rows}
                total={summary.total}
              />
            </Fragment>
          ))}
          <p className="small text-body-secondary">
            Contactés : une réponse envoyée depuis un raccourci, ou un passage à « Contacté » ou
            au-delà. Conversion : gagnés sur contacts. Source : le paramètre utm_source de la
            campagne, sinon le site référent, sinon un accès direct.
          </p>
        </>
      )}
    </section>
  );
}
