import { describe, expect, it } from 'vitest';
import { feeForAppointment, SERVICE_CITIES, SLOT_LABELS, zipForCity } from './business.ts';

describe('the fee schedule', () => {
  it.each([
    [30, 50],
    [60, 50],
    [70, 50],
    [71, 75],
    [90, 75],
    [100, 75],
    [101, 100],
    [120, 100],
    [130, 100],
    [131, 125],
  ])('troubleshooting for %i minutes costs $%i', (minutes, dollars) => {
    expect(feeForAppointment('troubleshooting', minutes)).toBe(dollars);
  });

  it.each([
    [60, 100],
    [90, 150],
    [120, 200],
  ])('consulting for %i minutes costs $%i', (minutes, dollars) => {
    expect(feeForAppointment('consulting', minutes)).toBe(dollars);
  });

  it('refuses a negative length', () => {
    expect(() => feeForAppointment('troubleshooting', -5)).toThrow(RangeError);
  });
});

describe('the service area', () => {
  it('has the 25 cities of the spec, each with a five-digit zip', () => {
    expect(SERVICE_CITIES).toHaveLength(25);
    expect(new Set(SERVICE_CITIES.map((city) => city.name)).size).toBe(25);
    for (const city of SERVICE_CITIES) expect(city.zip).toMatch(/^\d{5}$/);
  });

  it('derives the zip from the city', () => {
    expect(zipForCity('Bay Shore')).toBe('11706');
    expect(zipForCity('North Great River')).toBe('11752');
    expect(zipForCity('West Sayville')).toBe('11796');
    expect(zipForCity('Manhattan')).toBeUndefined();
  });

  it('offers eight slots every 90 minutes from 08:00am to 06:30pm', () => {
    expect(SLOT_LABELS).toEqual(['08:00am', '09:30am', '11:00am', '12:30pm', '02:00pm', '03:30pm', '05:00pm', '06:30pm']);
  });
});
