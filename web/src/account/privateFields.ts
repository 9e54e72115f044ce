/**
 * A user whose private fields the viewer may read (themself, or staff reading anybody). The schema
 * makes those fields nullable because anybody else gets null with FORBIDDEN at that field (issue
 * 18); for these readers a null can only come with an error, which fails the whole query (Apollo's
 * default error policy) before any form shows. `idType` stays nullable: it is null when not given.
 */
export type Readable<T> = { [K in keyof T]-?: K extends 'idType' ? T[K] : NonNullable<T[K]> };

export const readable = <T extends object>(user: T): Readable<T> => user as Readable<T>;

/** The interface language of an API `Language` value: ES/EN, or the deprecated es/en that answers still carry. */
export const languageOf = (value: string | null | undefined): 'es' | 'en' => (value?.toLowerCase() === 'en' ? 'en' : 'es');
