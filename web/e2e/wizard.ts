import type { Page } from 'playwright-core';

/** Picks `option` in the select labelled `label`: a click opens it, a click on the option chooses. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: false }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * From the header's Publish ad, writes a valid Toyota sedan `model` of 2018 (automatic, gasoline, 5 seats) at `level` on the wizard's step 1
 * (an unfinished ad left in this browser comes back as a draft, issue 13: it starts afresh), then
 * goes past step 2 (extras) to step 3, waits for the preview and ticks the terms: the Pay (or Publish) button is next.
 */
export async function writeCar(page: Page, level: 'Gratis' | 'Bronce' | 'Plata' | 'Oro', model: string) {
  await page.getByRole('link', { name: 'Publicar anuncio' }).first().click();
  await page.getByRole('heading', { name: 'Describa su vehículo' }).waitFor();
  const draft = page.getByTestId('draft-notice');
  if (await draft.count()) await draft.getByRole('button', { name: 'Empezar otro anuncio' }).click();
  await choose(page, 'Marca', 'Toyota');
  await page.getByLabel('Modelo', { exact: false }).first().fill(model);
  await page.getByRole('textbox', { name: /^Año/ }).fill('2018');
  await choose(page, 'Estilo', 'Sedán');
  // Nothing about the car is chosen for the seller (issue 31): fuel, gearbox and passengers too.
  await choose(page, 'Combustible', 'Gasolina');
  await choose(page, 'Transmisión', 'Automática');
  await choose(page, 'Pasajeros', '5');
  await page.getByRole('textbox', { name: /^Precio/ }).fill('12500000');
  await page.getByLabel('Color exterior', { exact: false }).first().fill('Blanco');
  await page.getByLabel('Color interior', { exact: false }).first().fill('Negro');
  if (!(await page.getByLabel('Provincia').first().inputValue())) await choose(page, 'Provincia', 'San José');
  await page.getByRole('radio', { name: level }).click();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('heading', { name: 'Extras del vehículo' }).waitFor();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByTestId('ad-preview').waitFor();
  await page.getByRole('checkbox', { name: /Acepto los/ }).check();
}
