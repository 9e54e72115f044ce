export { subgraph } from './subgraph';
