/**
 * Mantine's styles for the public pages (decision 0050): the base, then only the components the
 * layout and the public pages render, each file in the order of Mantine's whole stylesheet, all in
 * its `mantine` cascade layer (the app's own CSS modules, unlayered, win over them as before).
 * Screens and parts loaded later bring the whole layered stylesheet (`./all.ts`) with their chunk.
 * A component added to a public page needs its file here (or its styles are missing on that page).
 * The public pages' own small components (`src/ui/`, decision 0133) bring their CSS modules instead:
 * Mantine's ActionIcon, Alert, Badge, Burger, Grid, ThemeIcon and Drawer (the drawer is an on-demand part
 * with the whole stylesheet) are no longer here; the rest stay for the parts rendered later
 * (`laterPart`: the search panel, financing calculator, safety tips, seller's and similar ads, footer).
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Slider.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
