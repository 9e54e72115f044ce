import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from './harness';

// The GraphQL explorer other teams start from (issue 18): GraphiQL bundled with the web build,
// served by the gateway at /explorer in development, reached from a browser's GET of /graphql. It
// loads nothing from another origin (the page's CSP would block it) and runs queries against /graphql.

const started = serverAndBrowser();

describe('the GraphQL explorer', () => {
  it('opens from /graphql, runs the sample query with a mouse click and shows the schema’s descriptions', async () => {
    const { server, browser } = started();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('request', (request) => {
      if (!request.url().startsWith(server.baseUrl) && !request.url().startsWith('data:')) problems.push(`outside request: ${request.url()}`);
    });

    const response = await page.goto(`${server.baseUrl}/graphql`);
    expect(page.url()).toBe(`${server.baseUrl}/explorer/`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");

    // The sample query is in the editor once GraphiQL has started; then one click runs it (answers take longer under load).
    await expect.poll(() => page.locator('.graphiql-query-editor').textContent(), { timeout: 15_000 }).toContain('searchOpportunities');
    await page.locator('.graphiql-execute-button').click();
    await expect.poll(() => page.locator('.graphiql-response').textContent(), { timeout: 15_000 }).toMatch(/"searchOpportunities"[\s\S]*"totalItems": 0/);

    await page.getByRole('button', { name: /Documentation Explorer/ }).click();
    await page.getByText('Query', { exact: true }).first().click();
    await page.getByRole('link', { name: 'searchOpportunities' }).click();
    await expect.poll(() => page.getByText(/Searches the public ads/).count()).toBeGreaterThan(0);

    expect(problems).toEqual([]);
    await context.close();
  });
});
