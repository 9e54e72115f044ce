// Prints each public route's first-load size after the client build (npm run build).
import { fileURLToPath } from 'node:url';
import { FIRST_LOAD_GOAL_KB, firstLoads, routeBudgetKb } from './firstLoad';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
console.log(`\nFirst load of each public page (gzip; goal ${FIRST_LOAD_GOAL_KB} KB of JS; each route's budget enforced by e2e/budget.test.ts):`);
for (const route of firstLoads(dist)) {
  const budget = routeBudgetKb(route.path);
  const flag = route.jsGzipKb > budget ? '  OVER BUDGET' : route.jsGzipKb > FIRST_LOAD_GOAL_KB ? '  over the goal' : '';
  console.log(
    `  ${route.path.padEnd(32)} JS ${route.jsGzipKb.toFixed(1).padStart(6)} KB (budget ${budget})   CSS ${route.cssGzipKb.toFixed(1).padStart(5)} KB${flag}`,
  );
}
