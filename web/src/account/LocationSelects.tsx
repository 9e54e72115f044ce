import { Select, SimpleGrid } from '@mantine/core';
import { cantonOptions, districtOptions, provinceOptions, type LocationOption } from '@ruedas/domain';
import { useTranslation } from '../i18n/react';

export interface Location {
  province: string;
  canton: string;
  district: string;
}

interface Props {
  value: Location;
  onChange: (location: Location) => void;
  error: (field: keyof Location) => string | undefined;
}

const toData = (options: LocationOption[]) => options.map(({ code, name }) => ({ value: code, label: name }));

/** Province, canton and district, each list sorted and emptied below a changed level. */
export function LocationSelects({ value, onChange, error }: Props) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <Select
        label={t('account.province')}
        data={toData(provinceOptions())}
        value={value.province || null}
        searchable
        onChange={(province) => onChange({ province: province ?? '', canton: '', district: '' })}
        error={error('province')}
      />
      <Select
        label={t('account.canton')}
        data={toData(cantonOptions(value.province))}
        value={value.canton || null}
        searchable
        disabled={!value.province}
        onChange={(canton) => onChange({ ...value, canton: canton ?? '', district: '' })}
        error={error('canton')}
      />
      <Select
        label={t('account.district')}
        data={toData(districtOptions(value.canton))}
        value={value.district || null}
        searchable
        disabled={!value.canton}
        onChange={(district) => onChange({ ...value, district: district ?? '' })}
        error={error('district')}
      />
    </SimpleGrid>
  );
}
