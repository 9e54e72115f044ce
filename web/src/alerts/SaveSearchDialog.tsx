import { Alert, Anchor, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '../data';
import { SAVED_SEARCH_LIMITS } from '@ruedas/domain';
import { useState } from 'react';
import { Link } from '../router';
import { apiError } from '../data/apiError';
import { compactFilter, type SearchFilter } from '../search/filter';
import { SAVE_SEARCH } from './operations';
import { useAlertMessages } from './messages';

/** A name for the search (its text or brand and model, to start with). */
function suggestedName(filter: SearchFilter): string {
  const words = [filter.text, filter.brand, filter.model].filter(Boolean).join(' ').trim();
  return words.slice(0, SAVED_SEARCH_LIMITS.nameMaxLength);
}

/** The save form: name and frequency; the search is the page's, exactly as its address holds it. */
export default function SaveSearchDialog({ filter, onClose }: { filter: SearchFilter; onClose: () => void }) {
  const { t } = useAlertMessages();
  const [name, setName] = useState(() => suggestedName(filter));
  const [frequency, setFrequency] = useState<'INSTANT' | 'DAILY'>('INSTANT');
  const [save, saving] = useMutation(SAVE_SEARCH, { update: (cache) => void cache.evict({ fieldName: 'mySavedSearches' }) });
  const error = saving.error ? apiError(saving.error) : null;
  const saved = saving.data?.saveSearch;

  return (
    <Modal opened onClose={onClose} title={t('alerts.save.title')} closeButtonProps={{ 'aria-label': t('alerts.save.close') }}>
      {saved ? (
        <Stack gap="sm" data-testid="search-saved">
          <Text>{t('alerts.save.done', { name: saved.name })}</Text>
          <Group justify="space-between">
            <Anchor component={Link} to="/alerts" onClick={onClose}>
              {t('alerts.save.manage')}
            </Anchor>
            <Button onClick={onClose}>{t('alerts.save.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save({ variables: { input: { name, frequency, filter: compactFilter(filter) } } }).catch(() => undefined);
          }}
        >
          <Stack gap="md">
            <TextInput
              label={t('alerts.save.name')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={SAVED_SEARCH_LIMITS.nameMaxLength + 10}
              error={error?.fields.name}
              data-autofocus
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="alert-frequency">
                {t('alerts.frequency.label')}
              </Text>
              <SegmentedControl
                aria-labelledby="alert-frequency"
                value={frequency}
                onChange={(value) => setFrequency(value as 'INSTANT' | 'DAILY')}
                data={[
                  { value: 'INSTANT', label: t('alerts.frequency.INSTANT') },
                  { value: 'DAILY', label: t('alerts.frequency.DAILY') },
                ]}
              />
            </Stack>
            {error && !error.fields.name && (
              <Alert color="red" role="alert">
                {Object.values(error.fields)[0] ?? error.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('alerts.save.cancel')}
              </Button>
              <Button type="submit" loading={saving.loading}>
                {t('alerts.save.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
