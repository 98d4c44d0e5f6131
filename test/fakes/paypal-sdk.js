/*
 * A fake of PayPal's JS SDK for the browser tests: defines window.paypal.Buttons(opts)
 * returning { isEligible(), render(el), close(), updateProps() } as the real SDK does.
 * Its "PayPal" button plays a buyer who approves at once: it calls opts.createOrder(),
 * then opts.onApprove({ orderID }), and reports a thrown error to opts.onError().
 * The server that serves it prepends window.__PAYPAL_FAKE__ = { eligible, renderFails }.
 */
(function () {
  var settings = window.__PAYPAL_FAKE__ || { eligible: true, renderFails: false };
  var log = (window.__paypalFakeLog = window.__paypalFakeLog || []);

  function Buttons(opts) {
    opts = opts || {};
    var container = null;
    log.push({ event: 'Buttons', layout: opts.style && opts.style.layout });
    var actions = {
      enable: function () { return Promise.resolve(); },
      disable: function () { return Promise.resolve(); },
    };

    function pay(fundingSource) {
      log.push({ event: 'click', fundingSource: fundingSource });
      var createOrder = opts.createOrder ? Promise.resolve().then(function () { return opts.createOrder({ paymentSource: fundingSource }, {}); }) : Promise.reject(new Error('createOrder missing'));
      return createOrder
        .then(function (orderID) {
          log.push({ event: 'created', orderID: orderID });
          if (typeof orderID !== 'string' || !orderID) throw new Error('Expected an order id to be passed');
          return opts.onApprove({ orderID: orderID, payerID: 'FAKEPAYER123', paymentSource: fundingSource, facilitatorAccessToken: 'A21AAfake' }, {
            restart: function () { return Promise.resolve(); },
          });
        })
        .then(function () { log.push({ event: 'approved' }); })
        .catch(function (err) {
          log.push({ event: 'error', message: String(err && err.message) });
          if (opts.onError) opts.onError(err instanceof Error ? err : new Error(String(err)));
        });
    }

    return {
      isEligible: function () { return settings.eligible !== false; },
      render: function (el) {
        container = typeof el === 'string' ? document.querySelector(el) : el;
        if (settings.renderFails) {
          // Like the real SDK, the frame is in the container before the render fails.
          var frame = document.createElement('div');
          frame.className = 'fake-paypal-frame';
          container.appendChild(frame);
          return Promise.reject(new Error('fake render failure: the buttons frame could not load'));
        }
        var box = document.createElement('div');
        box.className = 'fake-paypal-buttons';
        box.setAttribute('data-layout', (opts.style && opts.style.layout) || 'vertical');
        box.style.display = 'flex';
        box.style.flexDirection = (opts.style && opts.style.layout) === 'horizontal' ? 'row' : 'column';
        box.style.gap = '10px';
        [['paypal', 'PayPal', '#ffc439', '#111'], ['card', 'Debit or Credit Card', '#2c2e2f', '#fff']].forEach(function (b) {
          var button = document.createElement('button');
          button.type = 'button';
          button.textContent = b[1];
          button.setAttribute('data-funding-source', b[0]);
          button.style.cssText = 'min-height:45px;border:0;border-radius:23px;font:600 16px system-ui,sans-serif;cursor:pointer;background:' + b[2] + ';color:' + b[3];
          button.addEventListener('click', function () { pay(b[0]); });
          box.appendChild(button);
        });
        container.appendChild(box);
        if (opts.onInit) opts.onInit({}, actions);
        log.push({ event: 'rendered' });
        return Promise.resolve();
      },
      close: function () {
        if (container) container.innerHTML = '';
        log.push({ event: 'closed' });
        return Promise.resolve();
      },
      updateProps: function () { return Promise.resolve(); },
    };
  }

  window.paypal = { Buttons: Buttons, version: '5.0.0-fake', FUNDING: { PAYPAL: 'paypal', CARD: 'card' } };
})();
