import { useQuery } from '../data';
import { Text } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from '../i18n/react';
import { graphql } from '../../generated/gql';
import { frontendVersion } from '../config/version';

const SystemsVersionQuery = graphql(`
  query SystemsVersion {
    systemsVersion {
      backEndVersion
      databaseVersion
    }
  }
`);

/** "Backend x · Frontend y · Database z": the backend's two from GraphQL, the frontend's from the build. */
export function Versions() {
  const { t } = useTranslation();
  const { data } = useQuery(SystemsVersionQuery);
  const unknown = t('footer.versionUnknown');
  const parts = [
    ['backend', data?.systemsVersion.backEndVersion ?? unknown],
    ['frontend', frontendVersion],
    ['database', data?.systemsVersion.databaseVersion ?? unknown],
  ] as const;
  return (
    <Text size="xs" c="gray.5">
      {parts.map(([key, version], index) => (
        <Fragment key={key}>
          {index > 0 && ' · '}
          {t(`footer.${key}`)} <span data-testid={`${key}-version`}>{version}</span>
        </Fragment>
      ))}
    </Text>
  );
}
