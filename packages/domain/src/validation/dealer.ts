import { z } from 'zod';
import { coordinatesFromMapLink, DEALER_LIMITS, isInCostaRica, minutesOf, WEEKDAYS, type DealerDay, type DealerInfo } from '../dealer';
import { locationShape, refineLocation } from './location';
import { EVEN_WITH_FIELD_ERRORS } from './rules';

/**
 * A dealer's address, opening hours and map place, as the profile screen and `updateDealerInfo` send
 * them. The address is complete (province, canton and district of the reference data, nested, plus
 * street directions); every weekday appears once (a missing one is closed), each with at most two
 * ranges whose `closes` is after `opens`, the second after the first; coordinates, given as numbers
 * or read from a pasted Google Maps / Waze link (`mapLink`, which wins), must both be given and lie
 * in Costa Rica. The output has the seven days Monday first and the coordinates (or nulls).
 */
export function dealerInfoSchema() {
  built ??= buildDealerInfoSchema();
  return built;
}

// Built on first use, not at import: a module that builds schemas at its top level would ride along
// in every page that imports the domain (public pages have a JavaScript budget) even unused.
let built: ReturnType<typeof buildDealerInfoSchema> | undefined;

function buildDealerInfoSchema() {
  const blankToNull = (value: unknown) => (value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value);

  const time = z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.string('invalidOpeningTime').refine((text) => !Number.isNaN(minutesOf(text)), 'invalidOpeningTime'),
  );

  const rangeSchema = z.object({ opens: time, closes: time });

  const daySchema = z.object({
    day: z.enum(WEEKDAYS, 'invalidWeekday'),
    ranges: z.preprocess((value) => value ?? [], z.array(rangeSchema, 'invalidOpeningTime').max(DEALER_LIMITS.rangesPerDay, 'tooManyOpeningRanges')),
  });

  const coordinate = z.preprocess((value) => {
    const blank = blankToNull(value);
    return typeof blank === 'string' ? (/^-?\d{1,3}(?:\.\d+)?$/.test(blank.trim()) ? Number(blank) : Number.NaN) : blank;
  }, z.number('invalidCoordinates').finite('invalidCoordinates').nullable());

  return z
    .object({
      ...locationShape,
      directions: z.preprocess(
        (value) => value ?? '',
        z.string('invalidDirections').trim().min(3, 'invalidDirections').max(DEALER_LIMITS.directionsMaxLength, 'invalidDirections'),
      ),
      hours: z.preprocess((value) => value ?? [], z.array(daySchema, 'invalidOpeningTime')),
      latitude: coordinate,
      longitude: coordinate,
      mapLink: z.preprocess(blankToNull, z.string('invalidMapLink').max(DEALER_LIMITS.mapLinkMaxLength, 'invalidMapLink').nullable()),
    })
    .superRefine((info, ctx) => {
      refineLocation(info, ctx, true);
      // Runs even when a field failed (every error at once), so it reads the raw values warily.
      const seen = new Set<string>();
      (Array.isArray(info.hours) ? info.hours : []).forEach((entry, index) => {
        if (seen.has(entry?.day)) ctx.addIssue({ code: 'custom', path: ['hours', index, 'day'], message: 'invalidWeekday' });
        seen.add(entry?.day);
        let previousClose = -1;
        (Array.isArray(entry?.ranges) ? entry.ranges : []).forEach((range, at) => {
          const opens = typeof range?.opens === 'string' ? minutesOf(range.opens) : Number.NaN;
          const closes = typeof range?.closes === 'string' ? minutesOf(range.closes) : Number.NaN;
          if (Number.isNaN(opens) || Number.isNaN(closes)) return;
          if (opens === 24 * 60) ctx.addIssue({ code: 'custom', path: ['hours', index, 'ranges', at, 'opens'], message: 'invalidOpeningTime' });
          else if (closes <= opens) ctx.addIssue({ code: 'custom', path: ['hours', index, 'ranges', at, 'closes'], message: 'closesBeforeOpens' });
          else if (opens < previousClose) ctx.addIssue({ code: 'custom', path: ['hours', index, 'ranges', at, 'opens'], message: 'overlappingOpeningRanges' });
          previousClose = Math.max(previousClose, closes);
        });
      });
      if (typeof info.mapLink !== 'string' && info.mapLink !== null) return;
      const fromLink = info.mapLink === null ? null : coordinatesFromMapLink(info.mapLink);
      if (info.mapLink !== null && !fromLink) {
        ctx.addIssue({ code: 'custom', path: ['mapLink'], message: 'mapLinkWithoutCoordinates' });
        return;
      }
      const latitude = fromLink?.latitude ?? info.latitude;
      const longitude = fromLink?.longitude ?? info.longitude;
      if (typeof latitude === 'number' && Number.isNaN(latitude)) return;
      if (typeof longitude === 'number' && Number.isNaN(longitude)) return;
      if ((latitude === null) !== (longitude === null)) {
        ctx.addIssue({ code: 'custom', path: [latitude === null ? 'latitude' : 'longitude'], message: 'invalidCoordinates' });
      } else if (latitude !== null && longitude !== null && !isInCostaRica(latitude, longitude)) {
        ctx.addIssue({ code: 'custom', path: [fromLink ? 'mapLink' : 'latitude'], message: 'coordinatesOutsideCostaRica' });
      }
    }, EVEN_WITH_FIELD_ERRORS)
    .transform((info): DealerInfo => {
      const fromLink = info.mapLink === null ? null : coordinatesFromMapLink(info.mapLink);
      const hours: DealerDay[] = WEEKDAYS.map((day) => ({
        day,
        ranges: (info.hours.find((entry) => entry.day === day)?.ranges ?? []).map(({ opens, closes }) => ({ opens, closes })),
      }));
      return {
        province: info.province,
        canton: info.canton,
        district: info.district,
        directions: info.directions,
        hours,
        latitude: fromLink?.latitude ?? info.latitude,
        longitude: fromLink?.longitude ?? info.longitude,
      };
    });
}

export type DealerInfoInput = z.input<ReturnType<typeof dealerInfoSchema>>;
