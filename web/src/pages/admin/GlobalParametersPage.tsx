import { Alert, Button, Group, NumberInput, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useNavigate } from '../../router';
import { apiError } from '../../data/apiError';
import { QueryStatus } from '../../data/QueryStatus';
import { GLOBAL_PARAMETERS, UPDATE_GLOBAL_PARAMETERS } from '../../admin/operations';
import { changedParameters, parameterInputError } from '../../admin/parameterInput';
import { useLanguage } from '../../i18n';
import { AdminScreen } from '../../admin/AdminScreen';

/**
 * /globalParameters (spec 02 §2, §3, §5): every parameter with its label and a validated input;
 * Save sends the changed ones at once (all or nothing) and goes to /globalParametersEditResult.
 * Errors show only after the first Save, then live; the server's field messages land on their fields.
 */
export default function GlobalParametersPage() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const navigate = useNavigate();
  useDocumentTitle(`${t('admin.parameters.title')} · ${t('app.name')}`);
  const { data, loading, error } = useQuery(GLOBAL_PARAMETERS, { fetchPolicy: 'network-only' });
  const [update, updating] = useMutation(UPDATE_GLOBAL_PARAMETERS);
  const [values, setValues] = useState<Record<string, number | string>>({});
  const [tried, setTried] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const rows = data?.globalParameters ?? [];

  const valueOf = (id: string, quantity: number) => values[id] ?? quantity;
  const errors = Object.fromEntries(
    rows.flatMap((row) => {
      const message = parameterInputError(row, valueOf(row.id, row.quantity), language);
      return message ? [[row.id, message]] : [];
    }),
  ) as Record<string, string>;

  const save = async () => {
    setTried(true);
    setNotice(null);
    setServerFields({});
    if (Object.keys(errors).length > 0) {
      setNotice(t('admin.parameters.fix'));
      return;
    }
    const changes = changedParameters(rows, values);
    if (changes.length === 0) {
      setNotice(t('admin.parameters.nothingChanged'));
      return;
    }
    try {
      await update({ variables: { parameters: changes } });
      await navigate('/globalParametersEditResult', { state: { changed: changes.length } });
    } catch (failure) {
      const { message, fields } = apiError(failure);
      setServerFields(fields);
      setNotice(message);
    }
  };

  return (
    <AdminScreen size="md" title={t('admin.parameters.title')} intro={t('admin.parameters.intro')}>
      <QueryStatus error={error} loading={loading} />
      {rows.length > 0 && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Stack gap="md">
            <Table verticalSpacing="sm" data-testid="parameters">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.parameters.parameter')}</Table.Th>
                  <Table.Th w={260}>{t('admin.parameters.value')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => {
                  const amount = row.unit === 'CRC' || row.unit === 'CRC_PER_USD';
                  return (
                    <Table.Tr key={row.id} data-parameter={row.id}>
                      <Table.Td>
                        <Text fw={600} component="label" htmlFor={`parameter-${row.id}`}>
                          {row.label}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {row.id}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          id={`parameter-${row.id}`}
                          aria-label={row.label}
                          value={valueOf(row.id, row.quantity)}
                          onChange={(value) => {
                            setValues((current) => ({ ...current, [row.id]: value }));
                            setServerFields((current) => ({ ...current, [row.id]: '' }));
                          }}
                          allowNegative={false}
                          allowDecimal={!row.integer}
                          decimalScale={row.integer ? 0 : 2}
                          thousandSeparator={amount ? (language === 'es' ? '.' : ',') : undefined}
                          decimalSeparator={amount ? (language === 'es' ? ',' : '.') : undefined}
                          hideControls={amount}
                          rightSection={
                            <Text size="xs" c="dimmed" pr={4}>
                              {t(`admin.parameters.units.${row.unit}`)}
                            </Text>
                          }
                          rightSectionWidth={amount ? 130 : 90}
                          error={(tried && errors[row.id]) || serverFields[row.id] || undefined}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
            {notice && (
              <Alert color={Object.keys(errors).length > 0 || Object.values(serverFields).some(Boolean) ? 'red' : 'gray'} role="alert">
                {notice}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={updating.loading} leftSection={<IconDeviceFloppy size={18} />}>
                {t('admin.parameters.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </AdminScreen>
  );
}
