import { randomUUID } from 'node:crypto';
import { Schema } from 'mongoose';
import type { StoredDocument } from '@ruedas/platform';

/** The document store contract's collection: cars with defaults, an outbox, unique indexes, and a sample of five. */

interface Outbox {
  id: string;
  type: string;
}

export interface Car extends StoredDocument {
  brand: string;
  model: string;
  year: number;
  price: number;
  plate?: string;
  color?: string;
  tags: string[];
  owner?: { name: string; city?: string };
  scores: Array<{ by: string; value: number }>;
  outbox: Outbox[];
  version: number;
  createdAt?: Date;
}

/** The shape services declare: string ids, required fields, defaults, an outbox, unique indexes. */
export function carSchema(): Schema {
  const schema = new Schema(
    {
      _id: String,
      brand: { type: String, required: true },
      model: { type: String, required: true },
      year: { type: Number, required: true, min: 1900 },
      price: { type: Number, default: 0 },
      plate: String,
      color: String,
      tags: { type: [String], default: [] },
      owner: { name: String, city: String },
      scores: { type: [{ _id: false, by: String, value: Number }], default: [] },
      outbox: { type: [{ _id: false, id: String, type: { type: String } }], default: [] },
      version: { type: Number, default: 0 },
      createdAt: Date,
    },
    { versionKey: false },
  );
  schema.index({ plate: 1 }, { unique: true, sparse: true });
  schema.index({ brand: 1, model: 1, year: 1 }, { unique: true });
  schema.index({ year: -1, price: 1 });
  return schema;
}

let counter = 0;
/** A collection name unique to this test, so one real MongoDB can be shared by every run. */
export function uniqueName(): string {
  counter += 1;
  return `c${counter}_${randomUUID().slice(0, 8)}`;
}

export const sample: Array<Partial<Car> & { _id: string }> = [
  {
    _id: 'a',
    brand: 'Toyota',
    model: 'Corolla',
    year: 2015,
    price: 9000,
    color: 'red',
    tags: ['sedan', 'manual'],
    owner: { name: 'Ana', city: 'San José' },
    scores: [
      { by: 'x', value: 3 },
      { by: 'y', value: 9 },
    ],
  },
  {
    _id: 'b',
    brand: 'Toyota',
    model: 'Hilux',
    year: 2019,
    price: 25000,
    color: 'white',
    tags: ['pickup', '4x4'],
    owner: { name: 'Beto', city: 'Cartago' },
    scores: [{ by: 'x', value: 7 }],
  },
  { _id: 'c', brand: 'Honda', model: 'Civic', year: 2015, price: 11000, tags: ['sedan'], owner: { name: 'Carla' } },
  { _id: 'd', brand: 'Nissan', model: 'Sentra', year: 2010, price: 5000, color: 'red', tags: [], scores: [{ by: 'z', value: 5 }] },
  {
    _id: 'e',
    brand: 'Hyundai',
    model: 'Tucson',
    year: 2022,
    price: 30000,
    color: 'Black',
    tags: ['suv', 'automatic'],
    owner: { name: 'Eva', city: 'Heredia' },
  },
];

export function ids(docs: StoredDocument[]): string[] {
  return docs.map((d) => d._id);
}
