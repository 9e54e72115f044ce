import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ActionIcon } from '../../src/ui/ActionIcon';
import { Alert } from '../../src/ui/Alert';
import { Burger } from '../../src/ui/Burger';
import { Button } from '../../src/ui/Button';
import { Collapse } from '../../src/ui/Collapse';
import { NativeSelect } from '../../src/ui/NativeSelect';
import { Group, VisuallyHidden } from '../../src/ui/Group';
import { Anchor, Text, Title } from '../../src/ui/Text';
import { TextInput } from '../../src/ui/TextInput';

// The public pages' own small components (decision 0133): what a visitor and assistive technology get.
describe('own components of the public pages', () => {
  it('Button is a button that clicks, and neither clicks nor submits while disabled or loading', () => {
    const click = vi.fn();
    const { rerender } = render(
      <form onSubmit={click}>
        <Button onClick={click}>Buscar</Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Buscar' });
    expect(button.getAttribute('type')).toBe('button');
    fireEvent.click(button);
    expect(click).toHaveBeenCalledTimes(1);
    rerender(
      <form onSubmit={click}>
        <Button onClick={click} loading>
          Buscar
        </Button>
      </form>,
    );
    expect((screen.getByRole('button', { name: 'Buscar' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(
      <Button onClick={click} disabled>
        Buscar
      </Button>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('Button and ActionIcon render links as links, a disabled one marked so', () => {
    render(
      <>
        <Button component="a" href="/compare" leftSection={<svg aria-hidden />}>
          Comparar
        </Button>
        <ActionIcon component="a" href="/previous" aria-label="Anterior" disabled />
      </>,
    );
    expect(screen.getByRole('link', { name: 'Comparar' }).getAttribute('href')).toBe('/compare');
    expect(screen.getByRole('link', { name: 'Anterior' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('ActionIcon keeps its name and pressed state, and is busy while loading', () => {
    render(
      <ActionIcon aria-label="Favorito" aria-pressed loading>
        <svg aria-hidden />
      </ActionIcon>,
    );
    const star = screen.getByRole('button', { name: 'Favorito', pressed: true });
    expect((star as HTMLButtonElement).disabled).toBe(true);
    expect(star.hasAttribute('data-loading')).toBe(true);
  });

  it('Alert is an alert named by its title', () => {
    render(<Alert title="No se pudo cargar">Intente de nuevo</Alert>);
    expect(screen.getByRole('alert', { name: 'No se pudo cargar' }).textContent).toContain('Intente de nuevo');
  });

  it('Collapse hides its content from the accessibility tree until expanded', () => {
    const { rerender } = render(
      <Collapse expanded={false}>
        <a href="tel:+50688888888">8888-8888</a>
      </Collapse>,
    );
    expect(screen.getByText('8888-8888').closest('[data-expanded]')).toBeNull();
    rerender(
      <Collapse expanded>
        <a href="tel:+50688888888">8888-8888</a>
      </Collapse>,
    );
    expect(screen.getByText('8888-8888').closest('[data-expanded]')).not.toBeNull();
  });

  it('Burger is a button that says whether the menu is open', () => {
    render(<Burger opened={false} aria-label="Abrir menú" />);
    expect(screen.getByRole('button', { name: 'Abrir menú' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('NativeSelect is labelled and changes; TextInput keeps its name and value', () => {
    const change = vi.fn();
    render(
      <>
        <NativeSelect
          label="Ordenar"
          value="new"
          onChange={(event) => change(event.currentTarget.value)}
          data={[
            { value: 'new', label: 'Recientes' },
            { value: 'cheap', label: 'Más baratos' },
          ]}
        />
        <TextInput aria-label="Buscar carros" defaultValue="toyota" />
      </>,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Ordenar' }), { target: { value: 'cheap' } });
    expect(change).toHaveBeenCalledWith('cheap');
    expect((screen.getByRole('textbox', { name: 'Buscar carros' }) as HTMLInputElement).value).toBe('toyota');
  });

  it('Title is a heading of its order, Anchor a link, and hidden text is still read', () => {
    render(
      <>
        <Title order={2} size="h4">
          Filtros
        </Title>
        <Group>
          <Anchor href="/sellerOpportunities/s-1">Ana Araya</Anchor>
          <Text component="span" c="dimmed">
            3 <VisuallyHidden>filtros activos</VisuallyHidden>
          </Text>
        </Group>
      </>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Filtros' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ana Araya' }).getAttribute('href')).toBe('/sellerOpportunities/s-1');
    expect(screen.getByText('filtros activos').tagName).toBe('SPAN');
    expect(screen.getByText(/^3/).style.color).toBe('var(--mantine-color-dimmed)');
  });
});
