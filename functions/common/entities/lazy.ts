/**
 * An ElectroDB entity built on first use. Building an entity parses its model (attributes, indexes,
 * key templates); a function imports 25 to 40 entities through the modules it shares with others,
 * while a request touches a handful, so building every one at import made each cold start about
 * 35 ms longer (`npm run bench -- --only bundles`). The object returned stands for the entity in
 * every way (methods, properties, `instanceof`, joining a Service), and builds it on first touch.
 */
export function lazyEntity<T extends object>(build: () => T): T {
  let built: T | undefined;
  const entity = () => {
    built ??= build();
    return built;
  };
  return new Proxy({} as T, {
    get: (_, property) => Reflect.get(entity(), property, entity()),
    set: (_, property, value) => Reflect.set(entity(), property, value, entity()),
    has: (_, property) => Reflect.has(entity(), property),
    deleteProperty: (_, property) => Reflect.deleteProperty(entity(), property),
    ownKeys: () => Reflect.ownKeys(entity()),
    getOwnPropertyDescriptor: (_, property) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(entity(), property);
      // The stand-in's own target is an empty object: a proxy may not report a property of it as
      // non-configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, property, descriptor) => Reflect.defineProperty(entity(), property, descriptor),
    getPrototypeOf: () => Reflect.getPrototypeOf(entity()),
  });
}
