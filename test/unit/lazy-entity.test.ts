import { Entity, Service } from 'electrodb';
import { describe, expect, it } from 'vitest';
import { key } from '../../functions/common/entities/keys';
import { lazyEntity } from '../../functions/common/entities/lazy';
import { TeamEntity } from '../../functions/common/entities/team';

const model = () =>
  new Entity({
    model: { entity: 'widget', version: '1', service: 'workspace' },
    attributes: { widgetId: { type: 'string', required: true }, name: { type: 'string' } },
    indexes: {
      primary: {
        // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, as in entities/
        pk: key('pk', ['widgetId'], 'WIDGET#${widgetId}'),
        sk: key('sk', [], 'WIDGET'),
      },
    },
  });

describe('lazyEntity', () => {
  it('builds the entity on first use only, once', () => {
    // Prepare
    let builds = 0;
    const widget = lazyEntity(() => {
      builds++;
      return model();
    });
    expect(builds).toBe(0);

    // Act: two uses
    const first = widget.get({ widgetId: 'w1' }).params({ table: 't' });
    const second = widget.get({ widgetId: 'w2' }).params({ table: 't' });

    // Assess
    expect(builds).toBe(1);
    expect(first).toMatchObject({ Key: { pk: 'WIDGET#w1', sk: 'WIDGET' } });
    expect(second).toMatchObject({ Key: { pk: 'WIDGET#w2', sk: 'WIDGET' } });
  });

  it('stands for the entity: instanceof, its model, its methods, and joining a Service with a table', () => {
    // Prepare
    const widget = lazyEntity(model);

    // Act
    const service = new Service({ widget }, { table: 'joined-table' });
    const params = service.entities.widget.put({ widgetId: 'w1', name: 'One' }).params();

    // Assess: the Service set its table on the entity, and the entity writes to it.
    expect(widget).toBeInstanceOf(Entity);
    expect(widget.schema.model.entity).toBe('widget');
    expect('get' in widget).toBe(true);
    expect(params).toMatchObject({ TableName: 'joined-table', Item: { pk: 'WIDGET#w1', name: 'One' } });
  });

  it("is how the product's entities are defined", () => {
    // Assess: a product entity behaves as an ElectroDB entity.
    expect(TeamEntity).toBeInstanceOf(Entity);
    expect(TeamEntity.get({ teamId: 't1' }).params({ table: 't' })).toMatchObject({
      Key: { pk: 'TEAM#t1', sk: 'TEAM' },
    });
  });
});
