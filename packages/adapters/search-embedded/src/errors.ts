/** A setting, query or document the engine refuses (the adapter's caller gets it as is). */
export class SearchSettingsError extends Error {
  override readonly name = 'SearchSettingsError';
}
