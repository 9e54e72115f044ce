/**
 * Mantine's whole stylesheet, in its `mantine` layer: loaded with the signed-in, seller and admin
 * screens and with the parts of public pages loaded on demand (decision 0050), whose components
 * the public pages' own list (`./public.ts`) does not cover.
 */
import '@mantine/core/styles.layer.css';
