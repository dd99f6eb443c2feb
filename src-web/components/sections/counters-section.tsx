import { HOME_COUNTERS_DURATION_MS } from '../../../shared/domain/constants.ts';
import { counters } from '../../content/index.ts';
import type { Counter } from '../../content/types.ts';
import { useCountUp } from '../../hooks/use-count-up.ts';
import { useInView } from '../../hooks/use-in-view.ts';
import { useReducedMotion } from '../../hooks/use-reduced-motion.ts';
import { Icon } from '../icon.tsx';

function AnimatedCounter({
  counter,
  start,
  instant,
}: {
  counter: Counter;
  start: boolean;
  instant: boolean;
}) {
  const value = useCountUp(counter.value, { duration: HOME_COUNTERS_DURATION_MS, start, instant });
  return (
    <div className="col-sm-4 text-center">
      <Icon name={counter.icon} size="2rem" className="text-warning mb-2" />
      {/* Screen readers get the final figure once; the animation itself is hidden from them. */}
      <p className="counter-value mb-0" aria-hidden="true" data-testid="counter-value">
        {value}
      </p>
      <p className="visually-hidden">
        {counter.value} {counter.label.toLowerCase()}
      </p>
      <p className="fw-semibold mb-0" aria-hidden="true">
        {counter.label}
      </p>
    </div>
  );
}

/** Section 1 of the home page: three counters counting up when they come into view. */
export function CountersSection() {
  const { ref, inView } = useInView<HTMLElement>();
  const reducedMotion = useReducedMotion();
  return (
    <section ref={ref} className="counters py-5" aria-label="L’agence en chiffres">
      <div className="container">
        <div className="row g-4">
          {counters.map((counter) => (
            <AnimatedCounter
              key={counter.label}
              counter={counter}
              start={inView}
              instant={reducedMotion}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
