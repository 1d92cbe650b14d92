import { Router, type Request } from 'express';
import { ENERGY_VALUE_FORMS, ENERGY_VALUE_PAGE, ENERGY_VALUE_PATHS, INSTALLATION_FIELDS, TARIFF_FIELDS } from '../../contracts/energy-value.ts';
import { CommonErrors } from '../../contracts/errors.ts';
import { AppError } from '../../domain/errors.ts';
import { formActions, formFields, textField, withParams } from '../form-action.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedIn } from '../signed-in.ts';

const route = (path: string) => `/${path}`;
/** A body's text fields (JSON from a script, or the plain form's fields). */
const fieldsOf = <K extends string>(req: Request, names: readonly K[]) => Object.fromEntries(names.map((name) => [name, textField(req, name)])) as Record<K, string>;
/** The page a form goes back to: the installation it was about stays chosen. */
const pageOf = (req: Request) => withParams(ENERGY_VALUE_PAGE, { installation: textField(req, 'installationId') || undefined });

/** The "Geld" page's forms on the internal base (docs/energy-value.md): a tariff added or removed, the installation's facts. */
export function energyValueRoutes(deps: RouteDeps): Router {
  const { energyValue } = deps.services;
  const action = formActions(deps);
  const router = Router();

  router.post(
    route(ENERGY_VALUE_PATHS.tariffs),
    action({
      form: ENERGY_VALUE_FORMS.tariff,
      page: pageOf,
      keep: TARIFF_FIELDS,
      input: (req) => fieldsOf(req, TARIFF_FIELDS),
      run: (input, { req }) => energyValue.addTariff(signedIn(req).id, input),
      json: (res, tariff) => res.status(201).json({ tariff }),
      done: (_tariff, { req }) => `${withParams(ENERGY_VALUE_PAGE, { installation: textField(req, 'installationId'), saved: 'tariff' })}#tariffs`,
    }),
  );

  router.post(
    route(ENERGY_VALUE_PATHS.removeTariff),
    action({
      form: ENERGY_VALUE_FORMS.removeTariff,
      page: pageOf,
      input: (req) => {
        const id = Number(formFields(req).tariffId);
        if (!Number.isSafeInteger(id) || id <= 0) throw new AppError(CommonErrors.VALIDATION, { params: { fields: 'tariffId' } });
        return { installationId: textField(req, 'installationId'), id };
      },
      run: async ({ installationId, id }, { req }) => {
        await energyValue.removeTariff(signedIn(req).id, installationId, id);
        return { removed: id };
      },
      done: (_result, { req }) => `${withParams(ENERGY_VALUE_PAGE, { installation: textField(req, 'installationId'), saved: 'removed' })}#tariffs`,
    }),
  );

  router.post(
    route(ENERGY_VALUE_PATHS.installation),
    action({
      form: ENERGY_VALUE_FORMS.installation,
      page: pageOf,
      keep: INSTALLATION_FIELDS,
      input: (req) => fieldsOf(req, INSTALLATION_FIELDS),
      run: (input, { req }) => energyValue.saveInstallation(signedIn(req).id, input),
      json: (res, facts) => res.json({ facts }),
      done: (_facts, { req }) => `${withParams(ENERGY_VALUE_PAGE, { installation: textField(req, 'installationId'), saved: 'installation' })}#installation`,
    }),
  );

  return router;
}
