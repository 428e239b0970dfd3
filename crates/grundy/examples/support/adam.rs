//! Adam, the gradient-descent rule the Pousse tuning examples fit their weights with.

/// Adam's state for a vector of parameters.
pub struct Adam {
    rates: Vec<f64>,
    first: Vec<f64>,
    second: Vec<f64>,
    steps: i32,
}

impl Adam {
    /// Adam over parameters whose learning rates are `rates` (one each).
    pub fn new(rates: Vec<f64>) -> Adam {
        let len = rates.len();
        Adam {
            rates,
            first: vec![0.0; len],
            second: vec![0.0; len],
            steps: 0,
        }
    }

    /// Moves `params` one step against `gradient`.
    pub fn step(&mut self, params: &mut [f64], gradient: &[f64]) {
        let (beta1, beta2) = (0.9, 0.999);
        self.steps += 1;
        for i in 0..params.len() {
            let g = gradient[i];
            self.first[i] = beta1 * self.first[i] + (1.0 - beta1) * g;
            self.second[i] = beta2 * self.second[i] + (1.0 - beta2) * g * g;
            let first = self.first[i] / (1.0 - beta1.powi(self.steps));
            let second = self.second[i] / (1.0 - beta2.powi(self.steps));
            params[i] -= self.rates[i] * first / (second.sqrt() + 1e-8);
        }
    }
}
