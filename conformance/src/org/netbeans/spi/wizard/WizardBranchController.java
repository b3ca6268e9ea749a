/* Stand-in for the NetBeans Wizard library (wizard-0.998.1.jar), which Vengine.jar needs but which is
 * neither inside the jar nor packaged by Debian. Only what VASSAL 3.6 links against is declared; a
 * wizard is shown only through the driver the harness installs (see WizardDisplayer). */
package org.netbeans.spi.wizard;

import java.util.Map;

public abstract class WizardBranchController {
  private final WizardPanelProvider base;

  protected WizardBranchController(WizardPanelProvider base) {
    this.base = base;
  }

  protected WizardPanelProvider getPanelProviderForStep(String step, Map settings) {
    return null;
  }

  protected Wizard getWizardForStep(String step, Map settings) {
    final WizardPanelProvider p = getPanelProviderForStep(step, settings);
    return p == null ? null : p.createWizard();
  }

  public Wizard createWizard() {
    return base.createWizard();
  }
}
