import type { TValueListName, TValueListsResponse } from '@cadence/contracts/value-lists';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { countryList, timezoneGroups } from '../../seed/data/countries';
import * as valueListsRepository from './value-lists.repository';

type Timezones = NonNullable<TValueListsResponse['timezones']>;
type Countries = NonNullable<TValueListsResponse['countries']>;

export function createValueListsService(db: Kysely<Database>) {
  // Offsets change with DST, so the timezone list is rebuilt once a day; countries never change.
  let timezones: { day: string; list: Timezones } | undefined;
  let countries: Countries | undefined;

  function currentTimezones(): Timezones {
    const day = new Date().toISOString().slice(0, 10);
    if (timezones?.day !== day) timezones = { day, list: timezoneGroups() };
    return timezones.list;
  }

  async function lists(names: TValueListName[]): Promise<TValueListsResponse> {
    const response: TValueListsResponse = {};
    for (const name of new Set(names)) {
      if (name === 'timezones') response.timezones = currentTimezones();
      else if (name === 'countries') response.countries = countries ??= countryList('en');
      else if (name === 'localizations') {
        response.localizations = await valueListsRepository.localizations(db);
      }
    }
    return response;
  }

  return { lists };
}

export type ValueListsService = ReturnType<typeof createValueListsService>;
