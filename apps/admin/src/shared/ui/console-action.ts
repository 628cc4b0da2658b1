/** What a screen needs of an action's mutation (a feature's api/ hook): run it, and whether it is running. */
export interface ConsoleAction<V, R = unknown> {
  mutateAsync: (variables: V) => Promise<R>;
  isPending: boolean;
}
