import { Button } from '../ui/Button';
import { IconCheck, IconChevronDown, IconWorld } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../i18n/react';
import { LANGUAGES, useLanguage } from '../i18n';
import classes from './LanguageMenu.module.css';

/**
 * The header's language dropdown: Español / English, switching at once and remembered. A small menu
 * button of its own (WAI-ARIA menu pattern: Enter, Space or ArrowDown open it on the first item,
 * arrows, Home and End move, Escape and Tab close it) rather than Mantine's Menu, whose positioning
 * engine would load on every public page (decision 0050).
 */
export function LanguageMenu() {
  const { t } = useTranslation();
  const [language, choose] = useLanguage();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<Array<HTMLButtonElement | null>>([]);
  const menuId = useId();
  const labelId = useId();

  const focusItem = (index: number) => items.current[(index + LANGUAGES.length) % LANGUAGES.length]?.focus();
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    focusItem(Math.max(0, LANGUAGES.indexOf(language)));
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
    // Focus moves into the menu when it opens, not when the language changes while it is open.
  }, [open]);

  const onMenuKey = (event: KeyboardEvent) => {
    const current = items.current.findIndex((item) => item === document.activeElement);
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusItem(current + 1),
      ArrowUp: () => focusItem(current - 1),
      Home: () => focusItem(0),
      End: () => focusItem(LANGUAGES.length - 1),
      Escape: () => close(true),
      Tab: () => close(false),
    };
    const move = moves[event.key];
    if (!move) return;
    if (event.key !== 'Tab') event.preventDefault();
    move();
  };

  return (
    <div className={classes.root} ref={root}>
      <Button
        ref={button}
        variant="subtle"
        color="dark"
        leftSection={<IconWorld size={18} stroke={1.6} />}
        rightSection={<IconChevronDown size={14} />}
        // The name starts with the visible "ES"/"EN" (what a voice-control user says), then says what it is.
        aria-label={`${language.toUpperCase()}, ${t('nav.language')}: ${t(`language.${language}`)}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid="language-menu"
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {language.toUpperCase()}
      </Button>
      {open && (
        <div className={classes.dropdown} onKeyDown={onMenuKey}>
          <div className={classes.label} id={labelId}>
            {t('nav.language')}
          </div>
          <ul className={classes.list} role="menu" id={menuId} aria-labelledby={labelId}>
            {LANGUAGES.map((option, index) => (
              <li key={option} role="none">
                <button
                  ref={(element) => {
                    items.current[index] = element;
                  }}
                  type="button"
                  role="menuitem"
                  lang={option}
                  className={classes.item}
                  tabIndex={-1}
                  onClick={() => {
                    choose(option);
                    close(true);
                  }}
                >
                  {t(`language.${option}`)}
                  {option === language && <IconCheck size={16} aria-hidden />}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
