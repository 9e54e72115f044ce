import { Button, Menu, SegmentedControl } from '@mantine/core';
import { IconCheck, IconChevronDown, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, toLanguage, useLanguage } from '../i18n';

/** The header's language dropdown: Español / English, switching at once and remembered. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const [language, choose] = useLanguage();
  return (
    <Menu position="bottom-end" shadow="md" width={160}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="dark"
          leftSection={<IconWorld size={18} stroke={1.6} />}
          rightSection={<IconChevronDown size={14} />}
          // The name starts with the visible "ES"/"EN" (what a voice-control user says), then says what it is.
          aria-label={`${language.toUpperCase()}, ${t('nav.language')}: ${t(`language.${language}`)}`}
          data-testid="language-menu"
        >
          {language.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('nav.language')}</Menu.Label>
        {LANGUAGES.map((option) => (
          <Menu.Item
            key={option}
            lang={option}
            onClick={() => choose(option)}
            rightSection={option === language ? <IconCheck size={16} /> : null}
          >
            {t(`language.${option}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The same choice laid out for the mobile drawer. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const [language, choose] = useLanguage();
  return (
    <SegmentedControl
      fullWidth
      aria-label={t('nav.language')}
      value={language}
      onChange={(value) => {
        const picked = toLanguage(value);
        if (picked) choose(picked);
      }}
      data={LANGUAGES.map((option) => ({ value: option, label: t(`language.${option}`) }))}
    />
  );
}
