export { addDays, costaRicaDay, dayText, firstOfMonth, isDay, isPeriod, shortDayText } from './dates';
export { colones, count, percent } from './format';
