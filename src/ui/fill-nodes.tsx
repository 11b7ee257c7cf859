import type { ComponentChildren } from "preact";

/**
 * A message with markup in its placeholders: fillNodes("{title} is out of stock", { title:
 * <span lang="en">Board</span> }). The words stay in the catalogue, in their order for each
 * language; the markup comes from the component.
 */
export function fillNodes(
  template: string,
  nodes: Record<string, ComponentChildren>,
): ComponentChildren[] {
  return template.split(/(\{\w+\})/).map((part) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return name !== undefined && name in nodes ? nodes[name] : part;
  });
}
