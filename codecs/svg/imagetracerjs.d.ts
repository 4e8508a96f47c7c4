// imagetracerjs ships no types; ./imagetracer.ts gives the parts we use their real shape.
declare module "imagetracerjs" {
  const tracer: unknown;
  export default tracer;
}
