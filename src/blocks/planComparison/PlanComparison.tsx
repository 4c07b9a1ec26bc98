import { useCopy } from '../../runtime/context.tsx';
import type { BlockProps } from '../types.ts';
import '../plans/plans.css';

/** Value props against plans, each cell marked included or not included. */
export default function PlanComparison({ block }: BlockProps<'planComparison'>) {
  const t = useCopy();
  const mark = (on: boolean) => t(on ? 'plans:comparison.included' : 'plans:comparison.notIncluded');
  return (
    <div id={block.id} className="plan-comparison">
      <table>
        <caption>{t(block.title)}</caption>
        <thead>
          <tr>
            <th scope="col">{t('plans:comparison.feature')}</th>
            {block.plans.map((plan) => (
              <th key={plan} scope="col">
                {t(plan)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {block.rows.map((row) => (
            <tr key={row.text}>
              <th scope="row">{t(row.text)}</th>
              {row.included.map((on, i) => (
                <td key={block.plans[i]}>
                  <span className={`plan-comparison__mark plan-comparison__mark--${on ? 'yes' : 'no'}`} />
                  <span className="visually-hidden">{mark(on)}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
