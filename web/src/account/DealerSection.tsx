import { Container, Paper } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { FormPending } from './AccountCard';
import { DealerInfoForm } from './DealerInfoForm';
import { SELLER_INFO } from '../catalogue/operations';

/** The business page card under a merchant's profile form: loads what is saved, then the form. */
export function DealerSection({ userId, location }: { userId: string; location: { province: string; canton: string; district: string } }) {
  const { data, error } = useQuery(SELLER_INFO, { variables: { sellerId: userId }, fetchPolicy: 'network-only' });
  return (
    <Container size="md" pb={{ base: 'md', sm: 48 }} px={{ base: 'xs', sm: 'md' }}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
        {data ? <DealerInfoForm userId={userId} saved={data.sellerInfo.dealer ?? null} location={location} /> : <FormPending error={error} />}
      </Paper>
    </Container>
  );
}
