// Prints each public route's first-load size after the client build (npm run build).
import { fileURLToPath } from 'node:url';
import { FIRST_LOAD_BUDGET_KB, FIRST_LOAD_GOAL_KB, firstLoads } from './firstLoad';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
console.log(`\nFirst load of each public page (gzip; goal ${FIRST_LOAD_GOAL_KB} KB of JS, enforced budget ${FIRST_LOAD_BUDGET_KB} KB by e2e/budget.test.ts):`);
for (const route of firstLoads(dist)) {
  const flag = route.jsGzipKb > FIRST_LOAD_BUDGET_KB ? '  OVER BUDGET' : route.jsGzipKb > FIRST_LOAD_GOAL_KB ? '  over the goal' : '';
  console.log(`  ${route.path.padEnd(32)} JS ${route.jsGzipKb.toFixed(1).padStart(6)} KB   CSS ${route.cssGzipKb.toFixed(1).padStart(5)} KB${flag}`);
}
