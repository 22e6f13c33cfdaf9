import type { ReactNode } from 'react';
import type { ConfigProblem } from '../../../../shared/mcp';

/** Problems found in the server file, each named by line/column or field path. */
export function ConfigProblems({ problems, children }: { problems: ConfigProblem[]; children: ReactNode }) {
  if (problems.length === 0) return null;
  return (
    <div className="banner error" role="alert">
      {children}
      <ul>
        {problems.map((p, i) => (
          <li key={i}>
            <code>{p.where}</code>: {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
