/**
 * DynamoDB creates or deletes one global secondary index per table update, and CloudFormation
 * fails an update that asks for more. A release that adds (or drops) several indexes therefore goes
 * out as several deploys, each one index away from the last: drops first, then additions in the
 * order of INDEXES. A table that does not exist yet gets every index at creation, in one deploy.
 *
 * Returns the index sets of the deploys to run before the final one (which has all of `target`).
 */
export function indexSteps(deployed: readonly string[] | undefined, target: readonly string[]): string[][] {
  if (deployed === undefined) return [];
  const steps: string[][] = [];
  let current = [...deployed];
  const ordered = (names: string[]) => target.filter((name) => names.includes(name)).concat(names.filter((name) => !target.includes(name)));
  for (const gone of deployed.filter((name) => !target.includes(name))) {
    current = current.filter((name) => name !== gone);
    steps.push(ordered(current));
  }
  for (const added of target.filter((name) => !deployed.includes(name))) {
    current = [...current, added];
    steps.push(ordered(current));
  }
  // the last step is the final deploy itself
  steps.pop();
  return steps;
}
