// Types that follow the request: what `fields`, `fields_except`, `embed`, `embed_ids`, `include`
// and `include_meta` ask for decides the type of the answer. Type-level only; the runtime twin
// (the schemas narrowed the same way) is src/resources/fieldsets.ts.

/** An object type shown flat (one object instead of an intersection), modifiers kept. */
export type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The field names of a resource, as `fields` and `fields_except` take them. */
export type FieldName<T> = Extract<keyof T, string>;

/** A list of field names of a resource: a name it does not have is a type error. */
export type FieldList<T> = readonly FieldName<T>[];

/**
 * `fields` / `fields_except`: a list for the main resource (`['id', 'price']`, sent as
 * `fields[root]=id,price`), or lists by resource: `root` and each association (`{ root: […],
 * shop: […] }`).
 */
export type Fieldsets<Root, Associations extends object = Record<never, never>> =
  | FieldList<Root>
  | ({ readonly root?: FieldList<Root> | undefined } & {
      readonly [Name in keyof Associations]?: FieldList<Associations[Name]> | undefined;
    });

/** The names a fieldset param lists for `resource`; `never` when it lists none (nothing narrowed). */
export type ListedFields<F, Resource extends string> = F extends readonly (infer Name)[]
  ? Resource extends 'root'
    ? Name
    : never
  : F extends { readonly [R in Resource]?: infer List }
    ? NonNullable<List> extends readonly (infer Name)[]
      ? Name
      : never
    : never;

/** `T` with only the `Keep` fields (all when `Keep` is never), then without the `Drop` ones. */
export type Narrowed<T, Keep, Drop> = Simplify<
  Omit<[Keep] extends [never] ? T : Pick<T, Extract<Keep, keyof T>>, Extract<Drop, keyof T>>
>;

/** `T` narrowed by the `fields` and `fields_except` lists `P` gives for `resource`. */
export type Sparse<T, P, Resource extends string> = Narrowed<
  T,
  ListedFields<ParamOf<P, 'fields'>, Resource>,
  ListedFields<ParamOf<P, 'fields_except'>, Resource>
>;

/** `P[Name]` (with `undefined` when the param is optional), or undefined when `P` has no such param. */
export type ParamOf<P, Name extends string> = P extends unknown
  ? Name extends keyof P
    ? P[Name]
    : undefined
  : never;

/** The names a linked-resource param gives: `'shop'` or `['shop', …]`. */
export type LinkNames<V> = V extends readonly (infer Name)[] ? Name : V extends string ? V : never;

type SurelyNames<V, Name> = V extends string
  ? V extends Name
    ? true
    : false
  : V extends readonly unknown[]
    ? number extends V['length']
      ? false // an open-ended array may be empty
      : Name extends V[number]
        ? true
        : false
    : false;

/**
 * Whether the param value `V` asks for `Name`: `yes` (a literal `'shop'` or a tuple naming it),
 * `maybe` (the type allows both, e.g. `'shop' | undefined`), or `no`.
 */
export type LinkState<V, Name extends string> =
  Name extends LinkNames<V>
    ? undefined extends V
      ? 'maybe'
      : SurelyNames<V, Name> extends true
        ? 'yes'
        : 'maybe'
    : 'no';

/** `T` with `Key: Value` added: required when asked for, optional when it may be, absent otherwise. */
export type WithLink<T, State, Key extends string, Value> = State extends 'yes'
  ? T & { [K in Key]: Value }
  : State extends 'maybe'
    ? T & { [K in Key]?: Value }
    : T;

/**
 * `Meta` with the entries `include_meta` certainly asks for made required (the answer has them);
 * the others stay optional.
 */
export type WithMeta<Meta, IncludeMeta, Names extends string> = Simplify<
  Meta & {
    [Name in Names as LinkState<IncludeMeta, Name> extends 'yes' ? Name : never]-?: NonNullable<
      Name extends keyof Meta ? Meta[Name] : never
    >;
  }
>;
