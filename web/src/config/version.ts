/** The version of this web app, as written in web/package.json at build time. */
export const frontendVersion: string = __FRONTEND_VERSION__;
