import { Link } from 'react-router';
import { can } from '#shared/roles';
import { paths } from '../../app/paths.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { Icon } from '../../ui/icons.tsx';
import { useHoldingSignals } from './api.ts';

/** The dashboard card of trend signals that still hold (quality managers and admins): each names its product, code and counts. */
export function SignalsCard() {
  const user = useCurrentUser();
  const allowed = can(user?.role, 'trends');
  const signals = useHoldingSignals(allowed);
  if (!allowed || !signals.data) return null;
  const n = signals.data.length;
  return (
    <section aria-labelledby="signals-card-title" className="mt-6">
      <h2 id="signals-card-title" className="mb-3 text-sm font-semibold text-slate-700">
        Trend signals
      </h2>
      <Link
        to={paths.trends}
        className={`group block rounded-lg px-5 py-4 shadow-xs ring-1 hover:ring-2 ${n > 0 ? 'bg-red-50 ring-red-200 hover:ring-red-400' : 'bg-white ring-slate-200 hover:ring-brand-400'}`}
      >
        <span className={`flex items-center gap-1.5 text-sm font-medium ${n > 0 ? 'text-red-800' : 'text-slate-600'}`}>
          {n > 0 && <Icon name="warning" className="size-4 shrink-0" />}
          {n === 0 ? 'No signal rule is firing' : n === 1 ? '1 signal rule is firing' : `${n} signal rules are firing`}
          <Icon name="chevronRight" className="ml-auto size-5 shrink-0 text-slate-400 group-hover:text-brand-700" />
        </span>
        {n > 0 && (
          <ul className="mt-2 space-y-1 text-sm text-red-900">
            {signals.data.slice(0, 5).map((s) => (
              <li key={s.id}>
                <span className="font-medium">
                  {s.rule.product} · {s.rule.code ?? 'any code'}
                </span>
                : {s.count} {s.count === 1 ? 'complaint' : 'complaints'} from {s.windowFrom} to {s.windowTo} (fires at {s.threshold})
              </li>
            ))}
          </ul>
        )}
      </Link>
    </section>
  );
}
