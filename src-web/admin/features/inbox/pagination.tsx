import { Fragment } from 'react';

export interface PaginationProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

/** Previous, a few page numbers around the current one, next. */
export function Pagination({ page, pages, onPage }: PaginationProps) {
  if (pages <= 1) return null;
  const numbers = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...numbers].sort((a, b) => a - b);
  return (
    <nav aria-label="Pages des messages" className="mt-3 d-flex justify-content-center">
      <ul className="pagination pagination-sm flex-wrap mb-0">
        <li className={page <= 1 ? 'page-item disabled' : 'page-item'}>
          <button
            type="button"
            className="page-link"
            onClick={() => onPage(page - 1)}
            disabled={page <= 1}
          >
            Précédente
          </button>
        </li>
        {sorted.map((number, index) => (
          <Fragment key={number}>
            {index > 0 && number - (sorted[index - 1] ?? number) > 1 && (
              <li className="page-item disabled" aria-hidden="true">
                <span className="page-link">…</span>
              </li>
            )}
            <li className={number === page ? 'page-item active' : 'page-item'}>
              <button
                type="button"
                className="page-link"
                onClick={() => onPage(number)}
                aria-current={number === page ? 'page' : undefined}
                aria-label={`Page ${number}`}
              >
                {number}
              </button>
            </li>
          </Fragment>
        ))}
        <li className={page >= pages ? 'page-item disabled' : 'page-item'}>
          <button
            type="button"
            className="page-link"
            onClick={() => onPage(page + 1)}
            disabled={page >= pages}
          >
            Suivante
          </button>
        </li>
      </ul>
    </nav>
  );
}
