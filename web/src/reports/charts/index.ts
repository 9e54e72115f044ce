export { BarChart, type BarChartProps, type BarItem } from './BarChart';
export { ColumnChart, type ChartSeries, type ColumnChartProps } from './ColumnChart';
export { labelledIndexes, valueTicks } from './scale';
